import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourierOffice, Language, Return } from '@shop/contract';
import { OfficePicker } from '../../../components/office-picker/office-picker';
import button from '../../../components/button/button.module.css';
import { useCourierCities } from '../../../lib/couriers';
import styles from './returns-panel.module.css';

/** The office chosen for the parcel: its id and its name and address as the picker shows them. */
export interface DropOffDraft {
  officeId: number;
  label: string;
}

/**
 * Where the shopper will hand the parcel in (decision 0069): an office or locker of the courier,
 * picked from its list as at checkout, or none (to the courier, or at any office). Shown only when
 * the courier has offices.
 */
export function DropOffChoice({
  lang,
  value,
  onChange,
}: {
  lang: Language;
  value: DropOffDraft | null;
  onChange: (value: DropOffDraft | null) => void;
}) {
  const { t } = useTranslation();
  const { data: cities = [] } = useCourierCities(lang, true);
  const [city, setCity] = useState('');
  if (cities.length === 0) return null;
  const pick = (office: CourierOffice) => onChange({ officeId: office.id, label: `${office.name}, ${office.address}` });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('returns.dropOff.legend')}</legend>
      <p className={styles.hint}>{t('returns.dropOff.hint')}</p>
      <OfficePicker
        lang={lang}
        cities={cities}
        city={city}
        officeId={value?.officeId ?? null}
        officeLabel={value?.label ?? ''}
        onCity={setCity}
        onPick={pick}
      />
      {value && (
        <div>
          <button type="button" className={button.secondary} onClick={() => onChange(null)}>
            {t('returns.dropOff.clear')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** Where to take the parcel of a return still to be sent: the office chosen, else the plain instructions. */
export function DropOffNote({ item, lang }: { item: Return; lang: Language }) {
  const { t } = useTranslation();
  const office = item.dropOffOffice;
  return (
    <span className={styles.dropOff}>
      {office
        ? t('returns.dropOff.at', {
            office: lang === 'bg' ? `${office.nameBg}, ${office.addressBg}` : `${office.name}, ${office.address}`,
          })
        : t('returns.dropOff.any')}
    </span>
  );
}
