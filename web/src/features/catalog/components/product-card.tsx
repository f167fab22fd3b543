import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Color, Product } from '@shop/contract';
import { useCurrency } from '../../../lib/settings';
import { ProductImagePair } from '../../../components/product-image-pair/product-image-pair';
import { Price } from '../../../components/price/price';
import { CardRating } from '../../../components/stars/stars';
import { colorImages, localizeProduct, productImages } from '../lib/localize';
import { ColorSwatches } from '../../../components/color-swatches/color-swatches';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: Product;
  lang: string;
  /** The page's first picture: loaded at once, before the others. */
  priority?: boolean;
  /** A control over the image's corner, outside the link (the admin's delete cross). */
  action?: ReactNode;
}

/**
 * A product in a grid: image (crossfading to the hover image), name, price and the colours. A
 * colour chosen on the card shows its pictures, and the link opens the product page on it.
 */
export function ProductCard({ product, lang, priority, action }: ProductCardProps) {
  const currency = useCurrency();
  const { name } = localizeProduct(product, lang);
  const [chosen, setChosen] = useState<Color | null>(null);
  const { main, hover } = chosen ? colorImages(chosen) : productImages(product);
  // Before a choice, the colour whose picture the card shows (if any) is the pressed one.
  const current = chosen?.id ?? product.colors.find((color) => color.imageUrl === main)?.id ?? null;

  return (
    <article className={styles.card}>
      <Link
        to={chosen ? `/product/${product.id}?color=${chosen.id}` : `/product/${product.id}`}
        className={styles.link}
      >
        <ProductImagePair
          main={main}
          hover={hover}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        <div className={styles.text}>
          <h3 className={styles.name}>{name}</h3>
          <p className={styles.price}>
            <Price price={product.price} sale={product.sale} lang={lang} currency={currency} />
          </p>
          {product.rating && <CardRating rating={product.rating} lang={lang} className={styles.rating} />}
        </div>
      </Link>
      {product.colors.length > 0 && (
        <ColorSwatches colors={product.colors} lang={lang} current={current} onChoose={setChosen} productName={name} />
      )}
      {action && <div className={styles.action}>{action}</div>}
    </article>
  );
}
