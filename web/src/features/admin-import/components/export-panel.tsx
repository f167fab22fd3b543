import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { LANGUAGES, type CatalogueFormat, type Language } from '@shop/contract';
import { DashboardPanel } from '../../../components/dashboard-panel/dashboard-panel';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useHydrated } from '../../../lib/use-hydrated';
import { downloadCatalogue, downloadImages, feedAddresses } from '../api/import';
import { FeedCheckNote } from './feed-check';
import { FormatSelect } from './format-select';
import styles from './import-screen.module.css';

/** The catalogue out: the CSV in a format and dialect, and the ZIP of its images. */
export function ExportPanel() {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const [format, setFormat] = useState<CatalogueFormat>('atelier');
  const [dialect, setDialect] = useState<Language>('bg');
  const [busy, setBusy] = useState<'csv' | 'zip' | null>(null);

  async function download(what: 'csv' | 'zip') {
    setBusy(what);
    try {
      await (what === 'csv' ? downloadCatalogue(format, dialect) : downloadImages());
    } catch (failure) {
      toast.error(t('adminImport.export.failed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <DashboardPanel id={`${id}-export`} title={t('adminImport.export.title')}>
      <div className={styles.pair}>
        <FormatSelect value={format} onChange={setFormat} />
        <label className={form.field}>
          <span className={form.label}>{t('adminImport.export.dialect')}</span>
          <select
            className={form.select}
            value={dialect}
            onChange={(event) => setDialect(event.target.value as Language)}
          >
            {LANGUAGES.map((name) => (
              <option key={name} value={name}>
                {t(`adminImport.export.dialects.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={form.hint}>
        {t(format === 'atelier' ? 'adminImport.export.bothLanguages' : 'adminImport.export.oneLanguage')}{' '}
        {t('adminImport.export.dialectHint')}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={button.secondary}
          disabled={busy !== null}
          onClick={() => void download('csv')}
        >
          {t('adminImport.export.csv')}
        </button>
        <button
          type="button"
          className={button.secondary}
          disabled={busy !== null}
          onClick={() => void download('zip')}
        >
          {t('adminImport.export.images')}
        </button>
      </div>
    </DashboardPanel>
  );
}

/** The feeds' addresses, one per service and language, to paste into Merchant Center and Commerce Manager. */
export function FeedsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const origin = hydrated ? window.location.origin : '';

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('adminImport.feeds.copied'));
    } catch {
      toast.error(t('adminImport.feeds.copyFailed'));
    }
  }

  return (
    <DashboardPanel id={`${id}-feeds`} title={t('adminImport.feeds.title')}>
      <p className={form.hint}>{t('adminImport.feeds.hint')}</p>
      {LANGUAGES.map((lang) => {
        const addresses = feedAddresses(origin, lang);
        return (['google', 'meta'] as const).map((service) => {
          const label = t(`adminImport.feeds.${service}`, { language: t(`languages.${lang}`) });
          return (
            <div key={`${service}-${lang}`} className={form.field}>
              <span className={form.label} id={`${id}-${service}-${lang}`}>
                {label}
              </span>
              <div className={styles.copy}>
                <input
                  className={form.input}
                  readOnly
                  value={addresses[service]}
                  aria-labelledby={`${id}-${service}-${lang}`}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button
                  type="button"
                  className={button.secondary}
                  aria-label={t('adminImport.feeds.copyNamed', { feed: label })}
                  onClick={() => void copy(addresses[service])}
                >
                  {t('adminImport.feeds.copy')}
                </button>
              </div>
              <FeedCheckNote lang={lang} service={service} />
            </div>
          );
        });
      })}
    </DashboardPanel>
  );
}
