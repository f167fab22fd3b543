import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WishlistItem } from '@shop/contract';
import { CloseIcon } from '../../../components/icons/icons';
import { ProductImagePair } from '../../../components/product-image-pair/product-image-pair';
import { Price } from '../../../components/price/price';
import { useCurrency } from '../../../lib/settings';
import { itemName } from '../lib/item-name';
import styles from './wishlist-card.module.css';

interface WishlistCardProps {
  item: WishlistItem;
  lang: string;
  onRemove: () => void;
}

/** A saved piece: picture (crossfading to its hover image), name, price, size, and remove. */
export function WishlistCard({ item, lang, onRemove }: WishlistCardProps) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const name = itemName(item, lang) || t('wishlist.unnamed');
  const { imageUrl, hoverImage, price, sale } = item.product;
  const hover = hoverImage && hoverImage !== imageUrl ? hoverImage : null;

  return (
    <li className={styles.card}>
      {/* The product page opens on the saved colour, as a card's swatch opens it (issue 31). */}
      <Link to={`/product/${item.productId}?color=${item.colorId}`} className={styles.link}>
        <ProductImagePair main={imageUrl} hover={hover} />
        <div className={styles.text}>
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.price}>
            <Price price={price} sale={sale} lang={lang} currency={currency} />
          </p>
          <p className={styles.size}>{t('wishlist.sizeValue', { size: item.selectedSize })}</p>
          {item.sizeOffered === false && <p className={styles.gone}>{t('wishlist.sizeGone')}</p>}
        </div>
      </Link>
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('wishlist.remove', { name })}>
        <CloseIcon />
      </button>
    </li>
  );
}
