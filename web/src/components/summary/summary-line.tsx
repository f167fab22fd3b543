import { useTranslation } from 'react-i18next';
import { colorNameIn, type Sale } from '@shop/contract';
import { formatMoney, lineAmount } from '../../lib/money';
import { Price } from '../price/price';
import { productThumb } from '../../lib/images';
import styles from './summary-line.module.css';

export interface SummaryLineProps {
  imageUrl: string;
  name: string;
  /** The colour's English name, and its Bulgarian one ('' or left out: none); shown in `lang`. */
  colorName: string;
  colorNameBg?: string | undefined;
  size: string;
  quantity: number;
  unitPrice: number;
  /** The sale in force on a cart line (an order's lines are history: they show the price paid). */
  sale?: Sale | null | undefined;
  currency?: string;
  lang: string;
  /**
   * The line amount's name for screen readers: the spec's "Subtotal" at checkout; an order page,
   * whose sums say "Subtotal" once for the goods, says "Line total" (issue 45).
   */
  amountLabel?: string | undefined;
}

/** One line of an order summary: picture, name, colour and size, quantity, unit price, subtotal. */
export function SummaryLine({
  imageUrl,
  name,
  colorName,
  colorNameBg,
  size,
  quantity,
  unitPrice,
  sale,
  currency,
  lang,
  amountLabel,
}: SummaryLineProps) {
  const { t } = useTranslation();
  const price = Number.isFinite(unitPrice) ? unitPrice : 0;
  const money = (amount: number) => formatMoney(amount, lang, currency);
  return (
    <li className={styles.line}>
      <div className={styles.media}>
        {imageUrl && <img src={productThumb(imageUrl)} alt="" width={64} height={80} loading="lazy" decoding="async" />}
      </div>
      <div className={styles.details}>
        <p className={styles.name}>{name || t('checkout.unnamed')}</p>
        <p className={styles.meta}>
          {t('checkout.lineMeta', { color: colorNameIn({ colorName, colorNameBg }, lang), size })}
        </p>
        <p className={styles.figures}>
          <span>{t('checkout.quantity', { count: quantity })}</span>
          <Price
            price={price}
            sale={sale}
            lang={lang}
            currency={currency}
            label={(amount) => t('checkout.unitPrice', { price: amount })}
          />
        </p>
      </div>
      <p className={styles.subtotal}>
        <span className="visually-hidden">{amountLabel ?? t('checkout.subtotal')} </span>
        {money(lineAmount(price, quantity))}
      </p>
    </li>
  );
}
