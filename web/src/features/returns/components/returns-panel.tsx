import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RETURN_OUTCOMES,
  RETURN_REASONS,
  colorNameIn,
  itemNameIn,
  type CreateReturnBody,
  type Language,
  type Order,
  type ReturnOutcome,
  type ReturnQuote,
  type ReturnReason,
} from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { DropOffChoice, DropOffNote, type DropOffDraft } from './drop-off';
import { quoteReturn, useLineProduct, useOrderReturns, useRequestReturn } from '../api/returns';
import { SealQuestion } from '../../../components/seal-question/seal-question';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import styles from './returns-panel.module.css';

const DAY_MS = 86_400_000;

const RETURN_FAILED = {
  fallback: 'returns.errors.failed',
  codes: {
    RETURN_WINDOW_OVER: 'returns.errors.windowOver',
    NOTHING_TO_RETURN: 'returns.errors.nothing',
    FINAL_SALE: 'returns.errors.finalSale',
    OUT_OF_STOCK: 'returns.errors.outOfStock',
    VALIDATION_ERROR: 'returns.errors.invalid',
  },
} as const;

/** Whether the return window (ending at `openUntil`, null: not delivered) is still open. */
export const isOpen = (openUntil: number | null, now = Date.now()) => openUntil !== null && now <= openUntil;

interface LineDraft {
  quantity: number;
  reason: ReturnReason | '';
  /** `colorId:size` of the exchange, or ''. */
  exchange: string;
  /** A hygiene-sealed line's answer: is its seal intact? (unanswered: undefined) */
  sealIntact?: boolean;
}

/**
 * "Return or exchange" on the shopper's order page (YEAR.md section 2, decision 0056): the lines,
 * how many, why, and for an exchange the size or colour wanted (only what is in stock); the amount
 * back and any label cost before confirming; then the order's returns with their status and label.
 */
export function ReturnsPanel({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const { data: returns } = useOrderReturns(order.id);
  const [open, setOpen] = useState(false);
  const windowDays = Math.max(settings?.returnDays ?? 14, settings?.returns?.windowDays ?? 30);
  const openUntil = order.deliveredAt ? Date.parse(order.deliveredAt) + windowDays * DAY_MS : null;
  const mayReturn = isOpen(openUntil);
  const list = returns?.data ?? [];
  if (!mayReturn && list.length === 0) return null;

  return (
    <section className={styles.panel} aria-labelledby={`returns-${order.id}`}>
      <h2 id={`returns-${order.id}`} className={styles.title}>
        {t('returns.title')}
      </h2>
      {list.length > 0 && (
        <ul className={styles.list}>
          {list.map((each) => (
            <li key={each.id} className={styles.item}>
              <span className={styles.reference}>{each.reference}</span>
              <span className={styles.status}>{t(`returns.status.${each.status}`)}</span>
              <span>
                {t(`returns.outcome.${each.outcome}`)}
                {each.outcome !== 'exchange' && ` · ${formatMoney(each.refund, lang, order.currency)}`}
              </span>
              {each.label ? (
                <a href={each.label.url} className={styles.link} target="_blank" rel="noopener">
                  {t('returns.label', { number: each.label.trackingNumber })}
                </a>
              ) : (
                each.status === 'approved' && <span className={styles.hint}>{t('returns.labelPending')}</span>
              )}
              {(each.status === 'requested' || each.status === 'approved') && <DropOffNote item={each} lang={lang} />}
              {each.rejectReason && <span>{t('returns.rejected', { reason: each.rejectReason })}</span>}
              {each.exchangeOrderId && (
                <Link to={`/my-order/${each.exchangeOrderId}`} className={styles.link}>
                  {t('returns.exchangeOrder')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayReturn &&
        openUntil !== null &&
        (open ? (
          <ReturnForm order={order} lang={lang} onClose={() => setOpen(false)} />
        ) : (
          <div>
            <p className={styles.hint}>
              {t('returns.until', {
                date: new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'long' }).format(
                  new Date(openUntil),
                ),
              })}
            </p>
            <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
              {t('returns.button')}
            </button>
          </div>
        ))}
    </section>
  );
}

function ReturnForm({ order, lang, onClose }: { order: Order; lang: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const request = useRequestReturn();
  const ids = { error: useId() };
  const [outcome, setOutcome] = useState<ReturnOutcome>('exchange');
  const [lines, setLines] = useState<Record<number, LineDraft>>({});
  const [quote, setQuote] = useState<ReturnQuote | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dropOff, setDropOff] = useState<DropOffDraft | null>(null);

  const change = (id: number, patch: Partial<LineDraft> | null) => {
    setQuote(null);
    setLines((was) => {
      const next = { ...was };
      if (patch === null) delete next[id];
      else next[id] = { quantity: 1, reason: '', exchange: '', ...was[id], ...patch };
      return next;
    });
  };

  const sealedIds = new Set(order.items.filter((item) => item.hygieneSealed).map((item) => item.id));

  function body(): CreateReturnBody | null {
    const chosen = Object.entries(lines);
    if (chosen.length === 0) {
      setError(t('returns.chooseLine'));
      return null;
    }
    if (chosen.some(([, line]) => line.reason === '' || (outcome === 'exchange' && line.exchange === ''))) {
      setError(t(outcome === 'exchange' ? 'returns.chooseExchange' : 'returns.chooseReason'));
      return null;
    }
    // A sealed item says whether its seal is intact, and comes back with it broken only when faulty (as the API checks).
    const sealed = chosen.filter(([id]) => sealedIds.has(Number(id)));
    if (sealed.some(([, line]) => line.sealIntact === undefined)) {
      setError(t('returns.seal.unsaid'));
      return null;
    }
    if (sealed.some(([, line]) => line.sealIntact === false && line.reason !== 'defective')) {
      setError(t('returns.seal.refused'));
      return null;
    }
    return {
      outcome,
      ...(dropOff ? { dropOffOfficeId: dropOff.officeId } : {}),
      lines: chosen.map(([id, line]) => {
        const [colorId, size] = line.exchange.split(':');
        return {
          orderItemId: Number(id),
          quantity: line.quantity,
          reason: line.reason as ReturnReason,
          ...(outcome === 'exchange' ? { exchangeFor: { colorId: Number(colorId), size: size as 'M' } } : {}),
          ...(sealedIds.has(Number(id)) && { sealIntact: line.sealIntact }),
        };
      }),
    };
  }

  async function run(step: 'quote' | 'confirm') {
    const sent = body();
    if (!sent) return;
    setBusy(true);
    setError('');
    try {
      if (step === 'quote') setQuote(await quoteReturn(order.id, sent));
      else {
        await request(order.id, sent);
        onClose();
      }
    } catch (failure) {
      setError(errorText(failure, RETURN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const money = (amount: number) => formatMoney(amount, lang, order.currency);
  return (
    <div className={styles.form}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('returns.outcomeLabel')}</legend>
        <div className={styles.outcomes}>
          {RETURN_OUTCOMES.map((each) => (
            <label key={each} className={styles.choice}>
              <input
                type="radio"
                name={`outcome-${order.id}`}
                value={each}
                checked={outcome === each}
                onChange={() => {
                  setOutcome(each);
                  setQuote(null);
                }}
              />
              <span>{t(`returns.outcome.${each}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('returns.lines')}</legend>
        {order.items.map((item) => (
          <LineChoice
            key={item.id}
            item={item}
            lang={lang}
            draft={lines[item.id]}
            exchange={outcome === 'exchange'}
            onChange={(patch) => change(item.id, patch)}
          />
        ))}
      </fieldset>
      <DropOffChoice lang={lang} value={dropOff} onChange={setDropOff} />
      {/* An exchange costs nothing and gets nothing back: said at once, no quote to ask for (one tap fewer on a phone). */}
      {outcome === 'exchange' ? (
        <p className={styles.quote}>{t('returns.quoteExchange')}</p>
      ) : (
        quote && (
          <p className={styles.quote} role="status">
            {t('returns.quote', { refund: money(quote.refund), labelCost: money(quote.labelCost) })}
          </p>
        )
      )}
      {error && (
        <p id={ids.error} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {quote || outcome === 'exchange' ? (
          <button type="button" className={button.primary} disabled={busy} onClick={() => void run('confirm')}>
            {busy ? t('returns.sending') : t('returns.confirm')}
          </button>
        ) : (
          <button type="button" className={button.primary} disabled={busy} onClick={() => void run('quote')}>
            {t('returns.check')}
          </button>
        )}
        <button type="button" className={button.secondary} disabled={busy} onClick={onClose}>
          {t('returns.cancel')}
        </button>
      </div>
    </div>
  );
}

function LineChoice({
  item,
  lang,
  draft,
  exchange,
  onChange,
}: {
  item: Order['items'][number];
  lang: Language;
  draft: LineDraft | undefined;
  exchange: boolean;
  onChange: (patch: Partial<LineDraft> | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: product } = useLineProduct(exchange && draft ? item.productId : null, lang);
  // Only what is in stock is offered: another size or colour of the same product.
  const options = (product?.colors ?? []).flatMap((color) =>
    (product?.sizes ?? []).flatMap(({ size }) => {
      const same = color.colorName === item.colorName && size === item.size;
      const left = product?.stockTracked
        ? (product.stock.find((entry) => entry.colorId === color.id && entry.size === size)?.available ?? 0)
        : Infinity;
      return same || left < (draft?.quantity ?? 1)
        ? []
        : [{ value: `${color.id}:${size}`, label: `${colorNameIn(color, lang)} · ${size}` }];
    }),
  );
  return (
    <div className={styles.line}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={Boolean(draft)}
          onChange={(event) => onChange(event.target.checked ? {} : null)}
        />
        <span>
          {itemNameIn(item, lang)} · {colorNameIn(item, lang)} · {item.size}
        </span>
      </label>
      {draft && (
        <div className={styles.details}>
          {item.quantity > 1 && (
            <label className={styles.field}>
              <span className={field.label}>{t('returns.quantity')}</span>
              <select
                className={field.input}
                value={draft.quantity}
                onChange={(event) => onChange({ quantity: Number(event.target.value) })}
              >
                {Array.from({ length: item.quantity }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={styles.field} htmlFor={`${id}-reason`}>
            <span className={field.label}>{t('returns.reason')}</span>
            <select
              className={field.input}
              id={`${id}-reason`}
              value={draft.reason}
              onChange={(event) => onChange({ reason: event.target.value as ReturnReason })}
            >
              <option value="">{t('returns.pick')}</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`returns.reasons.${reason}`)}
                </option>
              ))}
            </select>
          </label>
          {exchange && (
            <label className={styles.field} htmlFor={`${id}-exchange`}>
              <span className={field.label}>{t('returns.exchangeFor')}</span>
              <select
                className={field.input}
                id={`${id}-exchange`}
                value={draft.exchange}
                onChange={(event) => onChange({ exchange: event.target.value })}
              >
                <option value="">{product ? t('returns.pick') : t('returns.loadingSizes')}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {item.hygieneSealed && (
            <SealQuestion
              item={`${itemNameIn(item, lang)} · ${colorNameIn(item, lang)} · ${item.size}`}
              intact={draft.sealIntact}
              brokenNote={t('returns.seal.brokenNote')}
              onChange={(sealIntact) => onChange({ sealIntact })}
            />
          )}
        </div>
      )}
    </div>
  );
}
