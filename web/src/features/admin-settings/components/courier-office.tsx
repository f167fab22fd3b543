import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CourierOffice } from '@shop/contract';
import { useCourierCities } from '../../../lib/couriers';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { syncOffices } from '../api/sync-offices';
import { OfficePicker } from '../../../components/office-picker/office-picker';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './settings-form.module.css';

interface SenderOfficeProps {
  /** The office parcels leave from (null: the sender address). */
  officeId: number | null;
  onChange: (officeId: number | null) => void;
  disabled?: boolean;
}

/**
 * Where parcels are handed to the courier: one of its offices, picked from its list as a shopper
 * picks one, or none (they are collected at the sender address). An office chosen before is named
 * by its number until another is picked.
 */
export function SenderOffice({ officeId, onChange, disabled }: SenderOfficeProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [city, setCity] = useState('');
  const [label, setLabel] = useState(officeId === null ? '' : t('adminSettings.courierOfficeNumber', { id: officeId }));
  // The picker opens on demand (its list of cities is read then), or with the office chosen before.
  const [open, setOpen] = useState(officeId !== null);
  const { data: cities = [] } = useCourierCities(lang, open);

  function pick(office: CourierOffice) {
    setLabel(`${office.name}, ${office.address}`);
    onChange(office.id);
  }

  if (!open) {
    return (
      <div className={styles.wide}>
        <button type="button" className={button.secondary} disabled={disabled} onClick={() => setOpen(true)}>
          {t('adminSettings.courierOfficeOpen')}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.wide}>
      <p className={form.hint}>{t('adminSettings.courierOfficeHint')}</p>
      <OfficePicker
        lang={lang}
        cities={cities}
        city={city}
        officeId={officeId}
        officeLabel={label}
        onCity={setCity}
        onPick={pick}
        disabled={disabled}
      />
      {officeId !== null && (
        <button
          type="button"
          className={button.secondary}
          disabled={disabled}
          onClick={() => {
            onChange(null);
            setOpen(false);
          }}
        >
          {t('adminSettings.courierOfficeClear')}
        </button>
      )}
    </div>
  );
}

/** "Read the offices again": the courier's list of offices and lockers now, not at tomorrow's sync. */
export function SyncOffices() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  async function sync() {
    setBusy(true);
    try {
      const result = await syncOffices();
      toast.success(t('adminSettings.courierSynced', { ...result }));
    } catch (error) {
      toast.error(
        errorText(error, {
          fallback: 'adminSettings.courierSyncFailed',
          codes: { NETWORK_ERROR: 'admin.errors.network', COURIER_UNAVAILABLE: 'adminSettings.courierSyncFailed' },
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={button.secondary} disabled={busy} aria-busy={busy} onClick={() => void sync()}>
      {busy ? t('adminSettings.courierSyncing') : t('adminSettings.courierSync')}
    </button>
  );
}
