import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { colorNameIn, type CartItem, type DeliveryMethod, type PaymentMethod } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { SummaryLayout, SummaryLines, SummaryPanel, SummaryTotal } from '../../../components/summary/summary';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney, lineAmount, sumAmounts } from '../../../lib/money';
import { useProfile } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { useStartCheckout } from '../api/create-checkout-session';
import { useCheckoutCart } from '../api/get-checkout-cart';
import { useCheckoutInfo } from '../api/get-checkout-info';
import { CHECKOUT_FAILED } from '../lib/checkout-errors';
import { checkoutTotals } from '../../../lib/checkout-totals';
import {
  checkoutBody,
  deliveryFromProfile,
  EMPTY_DELIVERY,
  invalidFields,
  serverFieldErrors,
  type DeliveryDraft,
  type DeliveryErrors,
  type DeliveryField,
} from '../lib/delivery-form';
import { DeliveryForm } from './delivery-form';
import { SummaryLine } from './summary-line';
import button from '../../../components/button/button.module.css';
import styles from './checkout-view.module.css';

/** Lines above what is left of their size and colour: no payment starts for them. */
const shortOf = (items: CartItem[]) =>
  items.filter((item) => item.available !== null && item.quantity > item.available);

/**
 * The checkout page: where the order goes, how it is paid, what it costs, and the button that
 * orders it: off to the provider's payment page (card) or straight to the result (cash on delivery).
 */
export function CheckoutView() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const info = useCheckoutInfo();
  const { data: settings } = useSettings();
  const { data: profile } = useProfile();
  const { items, hasLoaded } = useCheckoutCart();
  const { start, processing } = useStartCheckout(items.length);

  const [draft, setDraft] = useState<DeliveryDraft>(EMPTY_DELIVERY);
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const [chosenPayment, setChosenPayment] = useState<PaymentMethod>('card');
  const [saveDelivery, setSaveDelivery] = useState(false);
  const touched = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The profile's details fill the form once, unless the shopper has started typing.
  useEffect(() => {
    if (profile && !touched.current) {
      touched.current = true;
      setDraft(deliveryFromProfile(profile));
    }
  }, [profile]);

  const codEnabled = settings?.cod.enabled ?? false;
  // With card payments switched off (PAYMENTS=off) the shop takes cash on delivery only.
  const cardEnabled = info?.cardPayments ?? true;
  const paymentMethod: PaymentMethod = !cardEnabled ? 'cod' : codEnabled ? chosenPayment : 'card';
  const noPaymentMethod = !cardEnabled && settings !== undefined && !codEnabled;
  const currency = settings?.currency ?? info?.currency;
  const money = (amount: number) => formatMoney(amount, lang, currency);
  // A line without a price counts as 0 (the spec).
  const subtotal = sumAmounts(items.map((item) => lineAmount(item.price, item.quantity)));
  const totals = settings ? checkoutTotals(subtotal, draft.method, paymentMethod, settings) : null;
  const short = shortOf(items);
  const provider = info?.provider ?? 'unknown';

  const methodPrice = (method: DeliveryMethod): string => {
    if (!settings) return '';
    const price = checkoutTotals(subtotal, method, paymentMethod, settings).delivery;
    return price === 0 ? t('checkout.free') : money(price);
  };

  function change(field: DeliveryField, value: string) {
    touched.current = true;
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** The first field that is wrong takes the focus, so a keyboard or screen-reader user lands on it. */
  function focusFirstError() {
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }

  /** Spec section 8, Checkout: every failure is a toast, and is logged; refused fields are marked. */
  async function pay(event: FormEvent) {
    event.preventDefault();
    const body = checkoutBody(draft, paymentMethod, saveDelivery);
    const invalid = invalidFields(body);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      focusFirstError();
      toast.error(t('checkout.checkFields'));
      return;
    }
    const result = await start(body);
    switch (result.kind) {
      case 'empty':
        toast.error(t('checkout.cartEmpty'));
        break;
      case 'failed': {
        console.warn('checkout failed', result.error);
        const error = result.error;
        if (isApiError(error) && error.code === 'VALIDATION_ERROR') {
          if (error.fields.paymentMethod) {
            setChosenPayment('card');
            toast.error(t('checkout.codUnavailable'));
            break;
          }
          setErrors(serverFieldErrors(error.fields));
          focusFirstError();
        }
        // Logged out meanwhile is news, not a fault.
        const show = isApiError(error) && error.code === 'UNAUTHORIZED' ? toast.info : toast.error;
        show(errorText(error, CHECKOUT_FAILED));
        break;
      }
      case 'redirectFailed':
        console.warn('redirect to payment failed', result.error);
        toast.error(t('checkout.redirectFailed'));
        break;
    }
  }

  if (!hasLoaded) {
    return <LoadingBlocks label={t('checkout.loading')} count={1} blockClassName={styles.skeleton} />;
  }

  if (items.length === 0) {
    return (
      <StateMessage kind="empty" title={t('checkout.empty')}>
        <Link to="/clothing" className={button.primary}>
          {t('checkout.continueShopping')}
        </Link>
      </StateMessage>
    );
  }

  const payLabel = paymentMethod === 'cod' ? t('checkout.pay.cod') : t(`checkout.pay.${provider}`);
  return (
    <form ref={formRef} onSubmit={(event) => void pay(event)} noValidate className={styles.form}>
      <SummaryLayout wide>
        <div className={styles.steps}>
          <section aria-labelledby="checkout-delivery-title" className={styles.step}>
            <h2 id="checkout-delivery-title" className={styles.sectionTitle}>
              {t('delivery.title')}
            </h2>
            <DeliveryForm
              draft={draft}
              errors={errors}
              lang={lang}
              prices={{ address: methodPrice('address'), office: methodPrice('office') }}
              onChange={change}
              disabled={processing}
            />
            <label className={styles.check}>
              <input
                type="checkbox"
                name="saveDelivery"
                checked={saveDelivery}
                disabled={processing}
                onChange={(event) => setSaveDelivery(event.target.checked)}
              />
              <span>{t('delivery.save')}</span>
            </label>
          </section>

          <section aria-labelledby="checkout-payment-title" className={styles.step}>
            <h2 id="checkout-payment-title" className={styles.sectionTitle}>
              {t('checkout.paymentMethod')}
            </h2>
            <fieldset className={styles.choices}>
              <legend className="visually-hidden">{t('checkout.paymentMethod')}</legend>
              {cardEnabled && (
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value="card"
                    checked={paymentMethod === 'card'}
                    disabled={processing}
                    onChange={() => setChosenPayment('card')}
                  />
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>{t('checkout.methods.card')}</span>
                    <span className={styles.choiceNote}>{t(`checkout.note.${provider}`)}</span>
                  </span>
                </label>
              )}
              {codEnabled && settings && (
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value="cod"
                    checked={paymentMethod === 'cod'}
                    disabled={processing}
                    onChange={() => setChosenPayment('cod')}
                  />
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>{t('checkout.methods.cod')}</span>
                    <span className={styles.choiceNote}>
                      {settings.cod.fee > 0
                        ? t('checkout.codFeeNote', { fee: money(settings.cod.fee) })
                        : t('checkout.codNoFee')}
                    </span>
                  </span>
                </label>
              )}
            </fieldset>
            {noPaymentMethod && <p className={styles.note}>{t('checkout.noPaymentMethod')}</p>}
          </section>

          <section aria-labelledby="checkout-summary-title" className={styles.step}>
            <h2 id="checkout-summary-title" className={styles.sectionTitle}>
              {t('checkout.summaryTitle')}
            </h2>
            <SummaryLines>
              {items.map((item) => (
                <SummaryLine
                  key={item.cartItemId}
                  imageUrl={item.imageUrl}
                  name={item.name}
                  colorName={item.colorName}
                  colorNameBg={item.colorNameBg}
                  size={item.selectedSize}
                  quantity={item.quantity}
                  unitPrice={item.price}
                  sale={item.sale}
                  currency={currency}
                  lang={lang}
                />
              ))}
            </SummaryLines>
          </section>
        </div>

        <SummaryPanel title={t('checkout.payTitle')}>
          {short.length > 0 && (
            <div className={styles.short} role="alert">
              <p className={styles.shortTitle}>{t('checkout.outOfStock')}</p>
              <ul className={styles.shortLines}>
                {short.map((item) => (
                  <li key={item.cartItemId}>
                    {t('checkout.shortLine', {
                      name: item.name || t('checkout.unnamed'),
                      color: colorNameIn(item, lang),
                      size: item.selectedSize,
                      count: item.available ?? 0,
                    })}
                  </li>
                ))}
              </ul>
              <Link to="/cart" className={styles.back}>
                {t('checkout.fixInCart')}
              </Link>
            </div>
          )}
          <dl className={styles.rows}>
            <div className={styles.row}>
              <dt>{t('checkout.subtotal')}</dt>
              <dd data-testid="checkout-subtotal">{money(subtotal)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('checkout.delivery')}</dt>
              <dd data-testid="checkout-delivery">
                {totals ? (totals.delivery === 0 ? t('checkout.free') : money(totals.delivery)) : '…'}
              </dd>
            </div>
            {totals && paymentMethod === 'cod' && (
              <div className={styles.row}>
                <dt>{t('checkout.codFee')}</dt>
                <dd data-testid="checkout-cod-fee">{money(totals.codFee)}</dd>
              </div>
            )}
          </dl>
          <SummaryTotal
            label={t('checkout.total')}
            amount={totals ? money(totals.total) : '…'}
            testId="checkout-total"
            framed
          />
          <p className={styles.vat}>{t('checkout.vatIncluded')}</p>
          {totals?.toFreeDelivery != null && (
            <p className={styles.note}>{t('checkout.toFreeDelivery', { amount: money(totals.toFreeDelivery) })}</p>
          )}
          <button
            type="submit"
            className={`${button.light} ${button.block}`}
            disabled={processing || !totals || short.length > 0 || noPaymentMethod}
            aria-busy={processing}
          >
            {processing ? t('checkout.processing') : payLabel}
          </button>
          <p className={styles.note}>
            {paymentMethod === 'cod' ? t('checkout.note.cod') : t(`checkout.note.${provider}`)}
          </p>
          {paymentMethod === 'card' && <p className={styles.cards}>{t('checkout.cards')}</p>}
          <Link to="/cart" className={styles.back}>
            {t('checkout.backToCart')}
          </Link>
        </SummaryPanel>
      </SummaryLayout>
    </form>
  );
}
