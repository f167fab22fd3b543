import { useTranslation } from 'react-i18next';
import type { ProductRating } from '@shop/contract';
import { formatNumber } from '../../lib/format';
import styles from './stars.module.css';

/** A rating as people read it in `lang`: one decimal where there is one ("4.5", "4,5"). */
export const ratingText = (value: number, lang: string) => formatNumber(value, lang, 1);

interface StarsProps {
  /** From 0 to 5; fractions fill part of a star. */
  value: number;
  /** What a screen reader hears instead of the stars ("Rated 4.5 out of 5"). */
  label: string;
  size?: 'small' | 'large';
}

/** A rating as five stars, filled up to `value`: one image with its words for assistive technology. */
export function Stars({ value, label, size = 'small' }: StarsProps) {
  const fill = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span
      role="img"
      aria-label={label}
      className={size === 'large' ? styles.large : styles.small}
      style={{ '--fill': fill } as React.CSSProperties}
    >
      <span aria-hidden="true" className={styles.empty}>
        ★★★★★
      </span>
      <span aria-hidden="true" className={styles.full}>
        ★★★★★
      </span>
    </span>
  );
}

/** A card's stars and the count of reviews ("★★★★½ (12)"): product cards and wishlist cards. */
export function CardRating({ rating, lang, className }: { rating: ProductRating; lang: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={[styles.cardRating, className].filter(Boolean).join(' ')}>
      <Stars value={rating.average} label={t('reviews.rated', { average: ratingText(rating.average, lang) })} />
      <span>({rating.count})</span>
    </p>
  );
}
