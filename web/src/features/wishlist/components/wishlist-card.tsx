import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WishlistItem } from '@shop/contract';
import { CloseIcon } from '../../../components/icons/icons';
import { PRODUCT_RATIO, productSrcSet } from '../../../lib/images';
import { formatMoney } from '../../../lib/money';
import { itemName } from '../lib/item-name';
import styles from './wishlist-card.module.css';

const CARD_SIZES = '(min-width: 1320px) 310px, (min-width: 900px) 24vw, (min-width: 600px) 32vw, 50vw';

interface WishlistCardProps {
  item: WishlistItem;
  lang: string;
  onRemove: () => void;
}

/** A saved piece: picture (crossfading to its hover image), name, price, size, and remove. */
export function WishlistCard({ item, lang, onRemove }: WishlistCardProps) {
  const { t } = useTranslation();
  const name = itemName(item, lang) || t('wishlist.unnamed');
  const { imageUrl, hoverImage, price } = item.product;
  const hover = hoverImage && hoverImage !== imageUrl ? hoverImage : null;

  return (
    <li className={styles.card}>
      <Link to={`/product/${item.productId}`} className={styles.link}>
        <div className={styles.media}>
          <img
            className={styles.image}
            src={imageUrl}
            srcSet={productSrcSet(imageUrl)}
            sizes={CARD_SIZES}
            width={PRODUCT_RATIO.width}
            height={PRODUCT_RATIO.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
          {hover && (
            <img
              className={`${styles.image} ${styles.hover}`}
              src={hover}
              srcSet={productSrcSet(hover)}
              sizes={CARD_SIZES}
              width={PRODUCT_RATIO.width}
              height={PRODUCT_RATIO.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
        </div>
        <div className={styles.text}>
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.price}>{formatMoney(Number.isFinite(price) ? price : 0, lang)}</p>
          <p className={styles.size}>{t('wishlist.sizeValue', { size: item.selectedSize })}</p>
        </div>
      </Link>
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('wishlist.remove', { name })}>
        <CloseIcon />
      </button>
    </li>
  );
}
