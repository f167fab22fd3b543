import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_COUNTRIES,
  type CourierCities,
  type CourierOffice,
  type DeliveryMethod,
  type Language,
} from '@shop/contract';
import { Choice, ChoiceGroup } from '../../../components/choice/choice';
import { Field } from '../../../components/field/field';
import { OfficePicker } from '../../../components/office-picker/office-picker';
import { countryChoices } from '../../../lib/countries';
import type { DeliveryDraft, DeliveryErrors, DeliveryField } from '../lib/delivery-form';
import fieldStyles from '../../../components/field/field.module.css';
import styles from './delivery-form.module.css';

interface DeliveryFormProps {
  draft: DeliveryDraft;
  errors: DeliveryErrors;
  lang: Language;
  /** Each method's price as written for the shopper ("Free" from the threshold on). */
  prices: Record<DeliveryMethod, string>;
  onChange: (field: DeliveryField, value: string) => void;
  /**
   * The cities with the courier's offices and lockers: with them, "to an office" is a choice from
   * the list (TRADE.md section 6); without (another country, the list not answering), it is typed.
   */
  cities: CourierCities | null;
  onPickOffice: (office: CourierOffice) => void;
  disabled?: boolean;
}

/** Where the parcel goes (docs/decisions/0022): to a street address or to a courier office. */
export function DeliveryForm(props: DeliveryFormProps) {
  const { draft, errors, lang, prices, onChange, cities, onPickOffice, disabled } = props;
  const { t } = useTranslation();
  const countries = useMemo(() => countryChoices(DELIVERY_COUNTRIES, lang), [lang]);
  const countryId = useId();
  const countryError = `${countryId}-error`;
  const methodErrorId = `${countryId}-method-error`;
  // To an office in a country the courier's list covers: picked from the list, not typed.
  const picking = draft.method === 'office' && cities !== null;
  const error = (field: DeliveryField) => (errors[field] ? t(`delivery.errors.${field}`) : undefined);
  const text = (field: Exclude<DeliveryField, 'method' | 'country'>) => ({
    name: field,
    value: draft[field],
    error: error(field),
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });

  return (
    <div className={styles.form}>
      <ChoiceGroup
        legend={t('delivery.method')}
        legendClassName={fieldStyles.label}
        describedBy={errors.method ? methodErrorId : undefined}
      >
        {(['address', 'office'] as const).map((method) => (
          <Choice
            key={method}
            name="method"
            value={method}
            checked={draft.method === method}
            disabled={disabled}
            onChange={() => onChange('method', method)}
            title={t(`delivery.methods.${method}`)}
            detail={prices[method]}
            layout="row"
          />
        ))}
        {errors.method && (
          <p id={methodErrorId} className={fieldStyles.error} role="alert">
            {t('delivery.errors.method')}
          </p>
        )}
      </ChoiceGroup>

      <div className={styles.fields}>
        <Field label={t('delivery.name')} autoComplete="name" required {...text('name')} />
        <Field label={t('delivery.phone')} type="tel" autoComplete="tel" required {...text('phone')} />
        <div className={fieldStyles.field} data-invalid={errors.country ? '' : undefined}>
          <label htmlFor={countryId} className={fieldStyles.label}>
            {t('delivery.country')}
          </label>
          <select
            id={countryId}
            name="country"
            className={`${fieldStyles.input} ${styles.select}`}
            value={draft.country}
            disabled={disabled}
            autoComplete="country"
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? countryError : undefined}
            onChange={(event) => onChange('country', event.target.value)}
          >
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {errors.country && (
            <p id={countryError} className={fieldStyles.error} role="alert">
              {t('delivery.errors.country')}
            </p>
          )}
        </div>
        {picking ? (
          <div className={styles.wide}>
            <OfficePicker
              lang={lang}
              cities={cities}
              city={draft.city}
              officeId={draft.officeId}
              officeLabel={draft.office}
              onCity={(city) => onChange('city', city)}
              onPick={onPickOffice}
              error={errors.office || errors.city || errors.postcode ? t('couriers.errors.choose') : undefined}
              disabled={disabled}
            />
          </div>
        ) : (
          <>
            <Field label={t('delivery.city')} autoComplete="address-level2" required {...text('city')} />
            <Field label={t('delivery.postcode')} autoComplete="postal-code" required {...text('postcode')} />
            {draft.method === 'address' ? (
              <Field
                label={t('delivery.line1')}
                autoComplete="street-address"
                required
                className={styles.wide}
                {...text('line1')}
              />
            ) : (
              <Field
                label={t('delivery.office')}
                hint={t('delivery.officeHint')}
                required
                className={styles.wide}
                {...text('office')}
              />
            )}
          </>
        )}
        <Field label={t('delivery.note')} hint={t('delivery.noteHint')} className={styles.wide} {...text('note')} />
      </div>
    </div>
  );
}
