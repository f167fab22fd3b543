import { useRef, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { RETURN_DAYS_MIN, type Settings } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText, type ErrorWording } from '../../../lib/error-text';
import { ensureToken } from '../../../lib/session-guard';
import { useFormProblems } from '../../../lib/use-form-problems';
import { Field } from '../../../components/field/field';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { updateSettings, useAdminSettings } from '../api/update-settings';
import { draftOf, fieldErrors, parseSettings, type SettingsDraft, type SettingsField } from '../lib/settings-form';
import button from '../../../components/button/button.module.css';
import { Switch } from '../../../components/switch/switch';
import { SenderOffice, SyncOffices } from './courier-office';
import form from '../../../components/form/form.module.css';
import styles from './settings-form.module.css';

const SAVE_FAILED: ErrorWording = {
  fallback: 'adminSettings.failed',
  codes: {
    VALIDATION_ERROR: 'adminSettings.invalid',
    NETWORK_ERROR: 'admin.errors.network',
    UNAUTHORIZED: 'admin.errors.unauthorized',
    FORBIDDEN: 'admin.errors.forbidden',
  },
};

/** /admin/settings: the form once the settings are read. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { data, error } = useAdminSettings();
  if (data) return <SettingsForm settings={data} />;
  return error ? (
    <p className={form.summary} role="alert">
      {t('adminSettings.loadError')}
    </p>
  ) : (
    <p className={styles.loading} role="status">
      {t('adminSettings.loading')}
    </p>
  );
}

/**
 * What the owner changes without touching the server's environment (docs/decisions/0022):
 * who sells, delivery prices, cash on delivery, what one account may hold, the withdrawal period,
 * returns, complaints, gift cards and marketing mail. The currency is the server's and only shown.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const lang = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<SettingsDraft>(() => draftOf(settings, lang));
  const [draft, setDraft] = useState<SettingsDraft>(saved);
  const dirty = isDirty(draft, saved);
  useUnsavedChanges(dirty);
  const { errors, summary, clear, show } = useFormProblems<SettingsField>(formRef);
  const [busy, setBusy] = useState(false);
  const currency = settings.currency;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, errors: found } = parseSettings(draft, lang, t);
    if (!body) {
      show(found, t('adminSettings.invalid'));
      return;
    }
    if (!ensureToken(t)) return;
    setBusy(true);
    clear();
    try {
      const fresh = draftOf(await updateSettings(mutate, body), lang);
      setSaved(fresh);
      setDraft(fresh);
      show({}, null);
      toast.success(t('adminSettings.saved'));
    } catch (error) {
      show(isApiError(error) ? fieldErrors(Object.keys(error.fields), t) : {}, errorText(error, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: SettingsField, props: React.InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {}) => (
    <Field
      label={t(`adminSettings.fields.${name}`, { currency })}
      name={name}
      value={draft[name]}
      error={errors[name]}
      disabled={busy}
      autoComplete="off"
      onChange={(event) => {
        const { value } = event.target;
        setDraft((current) => ({ ...current, [name]: value }));
        clear(name);
      }}
      {...props}
    />
  );
  const amount = { inputMode: 'decimal' as const, maxLength: 9 };
  const toggle = (
    name: 'codEnabled' | 'codConfirmNewAccounts' | 'courierInspection' | 'returnsAutoApprove',
    label: string,
  ) => (
    <Switch
      checked={draft[name]}
      disabled={busy}
      onChange={(checked) => setDraft((current) => ({ ...current, [name]: checked }))}
    >
      {label}
    </Switch>
  );

  return (
    <form ref={formRef} className={styles.form} onSubmit={save} noValidate aria-busy={busy}>
      {summary && (
        <div className={form.summary} role="alert">
          {summary}
        </div>
      )}

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.seller')}</legend>
        <p className={form.hint}>{t('adminSettings.sellerHint')}</p>
        <div className={styles.grid}>
          {field('seller.legalName', { maxLength: 200, className: styles.wide })}
          {field('seller.companyId', { maxLength: 40 })}
          {field('seller.vatId', { maxLength: 40 })}
          {field('seller.address', { maxLength: 300, className: styles.wide })}
          {field('seller.email', { type: 'email', maxLength: 254 })}
          {field('seller.phone', { type: 'tel', maxLength: 40 })}
          {field('notificationsEmail', {
            type: 'email',
            maxLength: 254,
            className: styles.wide,
            hint: t('adminSettings.notificationsHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.delivery')}</legend>
        <div className={styles.grid}>
          {field('delivery.addressPrice', amount)}
          {field('delivery.officePrice', amount)}
          {field('delivery.lockerPrice', { ...amount, hint: t('adminSettings.lockerPriceHint') })}
          {field('delivery.freeFrom', { ...amount, hint: t('adminSettings.freeFromHint') })}
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.courier')}</legend>
        <p className={form.hint}>
          {t('adminSettings.courierHint', {
            courier: t(`adminSettings.courierNames.${settings.courier?.name ?? 'builtin'}`),
          })}
        </p>
        <div className={styles.grid}>
          {field('courier.senderAddress', { maxLength: 300, className: styles.wide })}
          <SenderOffice
            officeId={draft.courierOfficeId}
            onChange={(courierOfficeId) => setDraft((current) => ({ ...current, courierOfficeId }))}
            disabled={busy}
          />
        </div>
        {toggle('courierInspection', t('adminSettings.courierInspection'))}
        <p className={form.hint}>{t('adminSettings.courierInspectionHint')}</p>
        <div>
          <SyncOffices />
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.cod')}</legend>
        {toggle('codEnabled', t('adminSettings.codEnabled'))}
        <div className={styles.grid}>{field('cod.fee', { ...amount, hint: t('adminSettings.codFeeHint') })}</div>
        {toggle('codConfirmNewAccounts', t('adminSettings.codConfirmNewAccounts'))}
        <p className={form.hint}>{t('adminSettings.codConfirmNewAccountsHint')}</p>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.limits')}</legend>
        <p className={form.hint}>{t('adminSettings.limitsHint')}</p>
        <div className={styles.grid}>
          {field('limits.codMaxOpenOrders', {
            inputMode: 'numeric',
            maxLength: 2,
            hint: t('adminSettings.codMaxOpenOrdersHint'),
          })}
          {field('limits.maxUnitsPerVariant', {
            inputMode: 'numeric',
            maxLength: 2,
            hint: t('adminSettings.maxUnitsPerVariantHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.returns')}</legend>
        <div className={styles.grid}>
          {field('returnDays', {
            inputMode: 'numeric',
            maxLength: 3,
            hint: t('adminSettings.returnDaysHint', { min: RETURN_DAYS_MIN }),
          })}
          {field('returns.windowDays', {
            inputMode: 'numeric',
            maxLength: 3,
            hint: t('adminSettings.returnsWindowHint'),
          })}
          {field('returns.storeCreditBonusPercent', {
            inputMode: 'numeric',
            maxLength: 3,
            hint: t('adminSettings.returnsBonusHint'),
          })}
          <div className={form.field}>
            <label className={form.label} htmlFor="returns-shipping">
              {t('adminSettings.returnsShipping')}
            </label>
            <select
              id="returns-shipping"
              className={form.select}
              value={draft.returnsShipping}
              disabled={busy}
              aria-describedby="returns-shipping-hint"
              onChange={(event) =>
                setDraft((current) => ({
                  ...current,
                  returnsShipping: event.target.value === 'shopper' ? 'shopper' : 'shop',
                }))
              }
            >
              <option value="shop">{t('adminSettings.returnsShippingShop')}</option>
              <option value="shopper">{t('adminSettings.returnsShippingShopper')}</option>
            </select>
            <p id="returns-shipping-hint" className={form.hint}>
              {t('adminSettings.returnsShippingHint')}
            </p>
          </div>
        </div>
        {toggle('returnsAutoApprove', t('adminSettings.returnsAutoApprove'))}
        <p className={form.hint}>{t('adminSettings.returnsAutoApproveHint')}</p>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.complaints')}</legend>
        <div className={styles.grid}>
          {field('complaints.dueDays', {
            inputMode: 'numeric',
            maxLength: 2,
            hint: t('adminSettings.complaintsDueDaysHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.giftCards')}</legend>
        <div className={styles.grid}>
          {field('giftCards.amounts', {
            inputMode: 'decimal',
            maxLength: 60,
            className: styles.wide,
            hint: t('adminSettings.giftCardAmountsHint'),
          })}
          {field('giftCards.validityMonths', {
            inputMode: 'numeric',
            maxLength: 3,
            hint: t('adminSettings.giftCardValidityHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('adminSettings.marketing')}</legend>
        <div className={styles.grid}>
          {field('marketing.ratePerMinute', {
            inputMode: 'numeric',
            maxLength: 5,
            hint: t('adminSettings.marketingRateHint'),
          })}
          {field('marketing.abandonedCartHours', {
            inputMode: 'decimal',
            maxLength: 8,
            hint: t('adminSettings.marketingCartHoursHint'),
          })}
        </div>
      </fieldset>

      <section className={styles.fixed} aria-label={t('adminSettings.fixed')}>
        <p>{t('adminSettings.currency', { currency })}</p>
        <p>{t('adminSettings.vat')}</p>
      </section>

      <div className={form.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('adminSettings.saving') : t('adminSettings.save')}
        </button>
        <p className={form.hint} role="status">
          {dirty && t('adminSettings.unsaved')}
        </p>
      </div>
    </form>
  );
}
