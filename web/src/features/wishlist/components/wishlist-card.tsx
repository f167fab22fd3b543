import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Color, WishlistItem } from '@shop/contract';
import { CloseIcon } from '../../../components/icons/icons';
import { ProductImagePair } from '../../../components/product-image-pair/product-image-pair';
import { Price } from '../../../components/price/price';
import { CardRating } from '../../../components/stars/stars';
import { useCurrency } from '../../../lib/settings';
import { ColorSwatches } from '../../../components/color-swatches/color-swatches';
import { itemName } from '../lib/item-name';
import styles from './wishlist-card.module.css';

interface WishlistCardProps {
  item: WishlistItem;
  lang: string;
  onRemove: () => void;
}

/**
 * A saved piece: picture (crossfading to its hover image), name, price, size, the product's
 * colours as on every card (the saved one pressed; another shows its pictures and the link opens
 * the product page on it), and remove.
 */
export function WishlistCard({ item, lang, onRemove }: WishlistCardProps) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const name = itemName(item, lang) || t('wishlist.unnamed');
  const { imageUrl, hoverImage, price, sale, colors, rating } = item.product;
  const [chosen, setChosen] = useState<Color | null>(null);
  const main = chosen ? chosen.imageUrl : imageUrl;
  const hoverOf = chosen ? chosen.hoverImage : hoverImage;
  const hover = hoverOf && hoverOf !== main ? hoverOf : null;
  const colorId = chosen?.id ?? item.colorId;

  return (
    <li className={styles.card}>
      {/* The product page opens on the saved colour, as a card's swatch opens it (issue 31). */}
      <Link to={`/product/${item.productId}?color=${colorId}`} className={styles.link}>
        <ProductImagePair main={main} hover={hover} />
        <div className={styles.text}>
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.price}>
            <Price price={price} sale={sale} lang={lang} currency={currency} />
          </p>
          {rating && <CardRating rating={rating} lang={lang} />}
          <p className={styles.size}>{t('wishlist.sizeValue', { size: item.selectedSize })}</p>
          {item.sizeOffered === false && <p className={styles.gone}>{t('wishlist.sizeGone')}</p>}
        </div>
      </Link>
      {colors.length > 0 && (
        <ColorSwatches colors={colors} lang={lang} current={colorId} onChoose={setChosen} productName={name} />
      )}
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('wishlist.remove', { name })}>
        <CloseIcon />
      </button>
    </li>
  );
}
