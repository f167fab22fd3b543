import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_IDS } from '@shop/contract';
import { moneyInputText } from '../../../components/field/money-input';
import { useCurrency } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import type { DetailField, DetailsDraft, FieldErrors } from '../lib/product-form';
import form from '../../../components/form/form.module.css';
import styles from './details-fields.module.css';

interface DetailsFieldsProps {
  draft: DetailsDraft;
  errors: FieldErrors;
  onChange: (field: DetailField, value: string) => void;
  disabled?: boolean;
}

/** The texts in both languages, the price and the category: shared by the create form and the editor. */
export function DetailsFields({ draft, errors, onChange, disabled }: DetailsFieldsProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const currency = useCurrency();
  const id = useId();

  const field = (
    name: DetailField,
    label: string,
    control: (props: ControlProps) => React.ReactNode,
    { optional = false } = {},
  ) => {
    const controlId = `${id}-${name}`;
    const errorId = `${controlId}-error`;
    return (
      <div className={form.field}>
        <label htmlFor={controlId} className={form.label}>
          {label}
          {!optional && (
            <>
              {' '}
              <span className={form.required} aria-hidden="true">
                *
              </span>
            </>
          )}
        </label>
        {control({
          id: controlId,
          name,
          value: draft[name],
          disabled,
          required: !optional,
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': errors[name] ? errorId : undefined,
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
            onChange(name, event.target.value),
        })}
        {errors[name] && (
          <p id={errorId} className={form.error}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  const language = (lang: 'en' | 'bg', name: DetailField, description: DetailField) => (
    <fieldset className={form.fieldset} lang={lang}>
      <legend className={form.legend}>{t(`admin.form.language.${lang}`)}</legend>
      {field(name, t('admin.form.name'), (props) => (
        <input {...props} className={form.input} maxLength={120} autoComplete="off" />
      ))}
      {field(description, t('admin.form.description'), (props) => (
        <textarea {...props} className={form.textarea} maxLength={4000} rows={5} />
      ))}
      {field(
        `${lang}Composition`,
        t('admin.form.composition'),
        (props) => (
          <input {...props} className={form.input} maxLength={500} autoComplete="off" />
        ),
        { optional: true },
      )}
      {field(
        `${lang}Care`,
        t('admin.form.care'),
        (props) => (
          <textarea {...props} className={form.textarea} maxLength={1000} rows={2} />
        ),
        { optional: true },
      )}
    </fieldset>
  );

  return (
    <div className={styles.root}>
      <div className={styles.languages}>
        {language('en', 'enName', 'enDescription')}
        {language('bg', 'bgName', 'bgDescription')}
      </div>
      <div className={styles.pricing}>
        {field('price', currency ? t('admin.form.priceIn', { currency }) : t('admin.form.price'), (props) => (
          <input
            {...props}
            className={form.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={moneyInputText(0, lang)}
          />
        ))}
        {field('categoryId', t('admin.form.category'), (props) => (
          <select {...props} className={form.select}>
            <option value="">{t('admin.form.chooseCategory')}</option>
            {CATEGORY_IDS.map((categoryId) => (
              <option key={categoryId} value={categoryId}>
                {t(`categories.${categoryId}.name`)}
              </option>
            ))}
          </select>
        ))}
      </div>
    </div>
  );
}

interface ControlProps {
  id: string;
  name: string;
  value: string;
  disabled: boolean | undefined;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}
