import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type CatalogueFormat, type ImportSummary, type Language } from '@shop/contract';
import { DashboardPanel } from '../../../components/dashboard-panel/dashboard-panel';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { dryRunImport } from '../api/import';
import { ExportPanel, FeedsPanel } from './export-panel';
import { FileField } from './file-field';
import { FormatSelect } from './format-select';
import { ImportResult } from './import-result';
import { LastImportPanel } from './last-import-panel';
import styles from './import-screen.module.css';

/** A one-language format (WooCommerce's, Shopify's): its texts land in the language chosen. */
const oneLanguage = (format: CatalogueFormat) => format !== 'atelier';

/**
 * The admin's Import screen (/admin/import; YEAR.md section 5, decision 0058): upload a CSV in
 * this shop's, WooCommerce's or Shopify's columns (and a ZIP of the images it names), read the dry
 * run's table (what each product becomes, each error by row and column), apply it, undo the last
 * import; beside it the export in each format and dialect, and the feeds' addresses to copy.
 */
export function ImportScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [format, setFormat] = useState<CatalogueFormat>('atelier');
  const [textLang, setTextLang] = useState<Language>(lang);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    if (!file || file.size === 0) {
      setProblem(t('adminImport.form.fileRequired'));
      return;
    }
    const data = new FormData();
    data.set('format', format);
    if (oneLanguage(format)) data.set('lang', textLang);
    data.set('file', file);
    if (images) data.set('images', images);
    setChecking(true);
    setProblem(null);
    setSummary(null);
    try {
      setSummary(await dryRunImport(data));
    } catch (failure) {
      setProblem(errorText(failure, ADMIN_FAILED));
    } finally {
      setChecking(false);
    }
  }

  /** Applied: the form is cleared for the next file; the last import's card says what happened. */
  function applied() {
    setSummary(null);
    formRef.current?.reset();
    setFile(null);
    setImages(null);
  }

  return (
    <div className={styles.screen}>
      <DashboardPanel id={`${id}-upload`} title={t('adminImport.form.title')}>
        <form ref={formRef} className={styles.form} onSubmit={(event) => void check(event)} noValidate>
          <FormatSelect value={format} onChange={setFormat} hint={t('adminImport.form.formatHint')} />
          {oneLanguage(format) && (
            <label className={form.field}>
              <span className={form.label}>{t('adminImport.form.textLanguage')}</span>
              <select
                className={form.select}
                value={textLang}
                onChange={(event) => setTextLang(event.target.value as Language)}
              >
                {LANGUAGES.map((name) => (
                  <option key={name} value={name}>
                    {t(`languages.${name}`)}
                  </option>
                ))}
              </select>
              <span className={form.hint}>{t('adminImport.form.textLanguageHint')}</span>
            </label>
          )}
          <FileField
            label={t('adminImport.form.file')}
            accept=".csv,text/csv"
            required
            file={file}
            onChange={setFile}
          />
          <FileField
            label={
              <>
                {t('adminImport.form.images')} <span className={form.optional}>{t('adminImport.form.optional')}</span>
              </>
            }
            hint={t('adminImport.form.imagesHint')}
            accept=".zip,application/zip"
            file={images}
            onChange={setImages}
          />
          <div className={styles.actions}>
            <button type="submit" className={button.primary} disabled={checking}>
              {checking ? t('adminImport.form.checking') : t('adminImport.form.check')}
            </button>
            <span className={form.hint}>{t('adminImport.form.dryRunHint')}</span>
          </div>
          {problem && (
            <p className={form.error} role="alert">
              {problem}
            </p>
          )}
        </form>
      </DashboardPanel>
      {summary && <ImportResult summary={summary} onApplied={applied} />}
      <LastImportPanel />
      <div className={styles.columns}>
        <ExportPanel />
        <FeedsPanel />
      </div>
    </div>
  );
}
