import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type CourierOffice, type DeliveryMethod, type PaymentMethod, type QuoteBody } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { SummaryLayout, SummaryLines, SummaryPanel } from '../../../components/summary/summary';
import { GuaranteeNotice } from '../../../components/guarantee-notice/guarantee-notice';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useProfile } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { useStartCheckout } from '../api/create-checkout-session';
import { useCheckoutCart } from '../api/get-checkout-cart';
import { useCheckoutInfo } from '../api/get-checkout-info';
import { useQuote } from '../../../lib/use-quote';
import { CHECKOUT_FAILED } from '../lib/checkout-errors';
import { isGiftCardRefusal } from '../../../lib/gift-cards';
import { codeErrorText, isCodeRefusal, isTooManyTries } from '../lib/discount-code-errors';
import { checkoutBody, invalidFields, serverFieldErrors, type DeliveryField } from '../lib/delivery-form';
import { CheckoutFigures } from './checkout-figures';
import { useDeliveryDraft } from '../lib/use-delivery-draft';
import { DeliveryForm } from './delivery-form';
import { CheckoutInvoice, useCheckoutInvoice } from './checkout-invoice';
import { DiscountCodeField } from './discount-code-field';
import { GiftCardField } from './gift-card-field';
import { useGiftCards } from '../lib/use-gift-cards';
import { PaymentChoices } from './payment-choices';
import { SummaryLine } from '../../../components/summary/summary-line';
import { ShortOfStock, shortOf } from './short-of-stock';
import button from '../../../components/button/button.module.css';
import { NewsletterBox } from '../../../components/newsletter-box/newsletter-box';
import { subscribeAfter } from '../../../lib/newsletter';
import styles from './checkout-view.module.css';

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
  const delivery = useDeliveryDraft(profile, lang);
  const { draft, errors, setErrors } = delivery;
  const [chosenPayment, setChosenPayment] = useState<PaymentMethod>('card');
  const [saveDelivery, setSaveDelivery] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The code field: what is typed, the code the quote is asked with, and why one was refused.
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const invoice = useCheckoutInvoice(profile?.invoiceDetails);
  const cards = useGiftCards();

  const codEnabled = settings?.cod.enabled ?? false;
  // With card payments switched off (PAYMENTS=off) the shop takes cash on delivery only.
  const cardEnabled = info?.cardPayments ?? true;
  const paymentMethod: PaymentMethod = !cardEnabled ? 'cod' : codEnabled ? chosenPayment : 'card';
  const noPaymentMethod = !cardEnabled && settings !== undefined && !codEnabled;
  const currency = settings?.currency ?? info?.currency;
  const money = (amount: number) => formatMoney(amount, lang, currency);
  const short = shortOf(items);
  const provider = info?.provider ?? 'unknown';

  // Every figure of the summary is the server's quote (TRADE.md section 4).
  const quoteBody = useMemo<QuoteBody | null>(
    () =>
      hasLoaded && items.length > 0
        ? {
            deliveryMethod: draft.method,
            ...(draft.method === 'office' && draft.officeId !== null ? { officeId: draft.officeId } : {}),
            paymentMethod,
            ...(code ? { discountCode: code } : {}),
            ...cards.body,
          }
        : null,
    [hasLoaded, items.length, draft.method, draft.officeId, paymentMethod, code, cards.body],
  );
  // The server quotes its own copy of the cart: ask again whenever this page's copy changes.
  const cartVersion = items.map((item) => `${item.cartItemId}:${item.quantity}:${item.price}`).join(',');
  // The code is applied once a quote carries it (the last good quote, kept while others load).
  const quoted = useQuote(quoteBody, cartVersion, (error, asked) => {
    if (cards.quoteFailed(error, asked) || !code || asked.discountCode !== code) return;
    // A code already applied survives a failure that is not about it (no connection a moment).
    if (appliedCode === code && !isCodeRefusal(error) && !isTooManyTries(error)) return;
    setCodeError(codeErrorText(error, t, money, lang));
    setCode(null);
  });
  const totals = quoted.quote;
  const appliedCode = code !== null && quoted.quote?.discount && quoted.quotedFor?.discountCode === code ? code : null;

  // The summary's figures, said again once the shopper has changed something (not on arrival).
  const announcement =
    changed && totals
      ? totals.discount
        ? t('checkout.code.appliedStatus', {
            code: totals.discount.code,
            amount: money(totals.discount.amount),
            total: money(totals.total),
          })
        : t('checkout.code.totalStatus', { total: money(totals.total) })
      : '';

  function applyCode() {
    const typed = codeInput.trim();
    if (!typed) return;
    setChanged(true);
    setCodeError(null);
    setCode(typed.toUpperCase());
  }

  function choosePayment(method: PaymentMethod) {
    setChanged(true);
    setChosenPayment(method);
  }

  function removeCode() {
    setChanged(true);
    setCode(null);
    setCodeInput('');
    setCodeError(null);
  }

  /**
   * What each way of delivery costs: the quote's figure for the chosen one; the others at the
   * shop's price, or free when the quote makes the chosen one free though it has a price (the
   * free-delivery threshold or a code frees every way).
   */
  const methodPrice = (method: DeliveryMethod): string => {
    if (!settings || !totals) return '';
    const listed = (way: DeliveryMethod) =>
      way === 'office' ? settings.delivery.officePrice : settings.delivery.addressPrice;
    const freed = totals.deliveryCost === 0 && listed(draft.method) > 0;
    const price = method === draft.method ? totals.deliveryCost : freed ? 0 : listed(method);
    return price === 0 ? t('checkout.free') : money(price);
  };

  function change(field: DeliveryField, value: string) {
    if (field === 'method') setChanged(true);
    delivery.change(field, value);
  }

  function pickOffice(office: CourierOffice) {
    setChanged(true);
    delivery.pickOffice(office);
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
    const body = {
      ...checkoutBody(draft, paymentMethod, saveDelivery),
      ...(appliedCode ? { discountCode: appliedCode } : {}),
      ...cards.body,
      // Covered in full by cards and credit: paid at once, never "cash on delivery" of nothing.
      ...(totals?.amountDue === 0 && cardEnabled ? { paymentMethod: 'card' as const } : {}),
    };
    const invalid = invalidFields(body);
    const invoiceBody = invoice.body();
    if (Object.keys(invalid).length > 0 || !invoiceBody) {
      setErrors(invalid);
      focusFirstError();
      toast.error(t('checkout.checkFields'));
      return;
    }
    // The unticked box: the link to confirm is mailed before the shopper leaves for the payment.
    if (newsletter && profile) await subscribeAfter(profile.email, lang, 'checkout');
    const result = await start({ ...body, ...invoiceBody });
    switch (result.kind) {
      case 'empty':
        toast.error(t('checkout.cartEmpty'));
        break;
      case 'failed': {
        console.warn('checkout failed', result.error);
        const error = result.error;
        if (cards.checkoutRefused(error)) {
          toast.error(t('giftCards.checkout.refusedAtCheckout'));
          break;
        }
        // The code was used up (or the like) since it was applied: said beside the field, the form kept.
        if (appliedCode && isCodeRefusal(error)) {
          setCodeError(codeErrorText(error, t, money, lang));
          setCode(null);
          toast.error(t('checkout.code.refusedAtCheckout'));
          break;
        }
        if (isApiError(error) && error.code === 'VALIDATION_ERROR') {
          if (error.fields.paymentMethod) {
            setChosenPayment('card');
            toast.error(t('checkout.codUnavailable'));
            break;
          }
          setErrors(serverFieldErrors(error.fields));
          invoice.serverErrors(error.fields);
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

  // Gift cards or store credit that cover the order: nothing is left to pay. (A total of 0 keeps
  // the payment's own label: the order is paid at once all the same, decision 0051.)
  const payLabel =
    totals && totals.amountDue === 0 && totals.total > 0
      ? t('giftCards.checkout.placeCovered')
      : paymentMethod === 'cod'
        ? t('checkout.pay.cod')
        : t(`checkout.pay.${provider}`);
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
              cities={delivery.cities}
              onPickOffice={pickOffice}
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
            <PaymentChoices
              chosen={paymentMethod}
              onChoose={choosePayment}
              cardProvider={cardEnabled ? provider : null}
              codFee={codEnabled && settings ? { amount: settings.cod.fee, text: money(settings.cod.fee) } : null}
              disabled={processing}
            />
            {noPaymentMethod && <p className={styles.hint}>{t('checkout.noPaymentMethod')}</p>}
          </section>

          <CheckoutInvoice {...invoice.props} disabled={processing} />

          {profile && profile.newsletter !== 'subscribed' && (
            <div className={styles.step}>
              <NewsletterBox checked={newsletter} onChange={setNewsletter} />
            </div>
          )}

          <div className={styles.step}>
            <DiscountCodeField
              value={codeInput}
              onChange={(value) => {
                setCodeInput(value);
                setCodeError(null);
              }}
              applied={appliedCode}
              applying={code !== null && code !== appliedCode}
              error={codeError}
              onApply={applyCode}
              onRemove={removeCode}
              disabled={processing}
            />
          </div>

          <div className={styles.step}>
            <GiftCardField
              cards={cards}
              quote={totals}
              storeCredit={profile?.storeCredit ?? 0}
              money={money}
              disabled={processing}
            />
          </div>

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
          <ShortOfStock items={short} lang={lang} />
          <CheckoutFigures totals={totals} loading={quoted.loading} money={money} />
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          {quoted.error != null &&
            !isCodeRefusal(quoted.error) &&
            !isTooManyTries(quoted.error) &&
            !isGiftCardRefusal(quoted.error) && (
              <p className={styles.note} role="alert">
                {t('checkout.quoteFailed')}
              </p>
            )}
          <p className={styles.vat}>{t('checkout.vatIncluded')}</p>
          {totals?.freeDeliveryRemaining != null && (
            <p className={styles.note}>
              {t('checkout.toFreeDelivery', { amount: money(totals.freeDeliveryRemaining) })}
            </p>
          )}
          {/* The EU notice on the legal guarantee, before the order button (decision 0054). */}
          <GuaranteeNotice className={styles.notice} />
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
