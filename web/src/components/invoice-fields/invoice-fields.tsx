import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_COUNTRY_CODES } from '@shop/contract';
import { Field } from '../field/field';
import { countryChoices } from '../../lib/countries';
import { useLanguage } from '../../lib/use-language';
import type { InvoiceDraft, InvoiceErrors, InvoiceField } from '../../lib/invoice-form';
import fieldStyles from '../field/field.module.css';
import styles from './invoice-fields.module.css';

interface InvoiceFieldsProps {
  draft: InvoiceDraft;
  errors: InvoiceErrors;
  onChange: (field: InvoiceField, value: string) => void;
  disabled?: boolean | undefined;
}

/** The company an invoice is made out to (TRADE.md section 3): checkout, the order page, the profile. */
export function InvoiceFields({ draft, errors, onChange, disabled }: InvoiceFieldsProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const countryId = useId();
  const countries = useMemo(() => countryChoices(INVOICE_COUNTRY_CODES, lang), [lang]);
  const text = (field: Exclude<InvoiceField, 'country'>) => ({
    name: `invoice-${field}`,
    value: draft[field],
    error: errors[field],
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });
  return (
    <div className={styles.fields}>
      <Field label={t('invoices.fields.companyName')} autoComplete="organization" required {...text('companyName')} />
      <div className={fieldStyles.field} data-invalid={errors.country ? '' : undefined}>
        <label htmlFor={countryId} className={fieldStyles.label}>
          {t('invoices.fields.country')}
        </label>
        <select
          id={countryId}
          name="invoice-country"
          className={fieldStyles.input}
          value={draft.country}
          disabled={disabled}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${countryId}-error` : undefined}
          onChange={(event) => onChange('country', event.target.value)}
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id={`${countryId}-error`} className={fieldStyles.error} role="alert">
            {errors.country}
          </p>
        )}
      </div>
      <Field
        label={t(draft.country === 'BG' ? 'invoices.fields.eik' : 'invoices.fields.companyId')}
        hint={draft.country === 'BG' ? t('invoices.hints.eik') : undefined}
        inputMode={draft.country === 'BG' ? 'numeric' : undefined}
        required
        {...text('companyId')}
      />
      <Field label={t('invoices.fields.vatId')} hint={t('invoices.hints.vatId')} {...text('vatId')} />
      <Field label={t('invoices.fields.address')} autoComplete="street-address" required {...text('address')} />
      <Field label={t('invoices.fields.city')} autoComplete="address-level2" required {...text('city')} />
    </div>
  );
}
