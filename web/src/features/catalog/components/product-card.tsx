import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/contract';
import { useCurrency } from '../../../lib/settings';
import { ProductImagePair } from '../../../components/product-image-pair/product-image-pair';
import { Price } from '../../../components/price/price';
import { localizeProduct, productImages } from '../lib/localize';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: Product;
  lang: string;
  /** The page's first picture: loaded at once, before the others. */
  priority?: boolean;
  /** A control over the image's corner, outside the link (the admin's delete cross). */
  action?: ReactNode;
}

/** A product in a grid: image (crossfading to the hover image), name and price. */
export function ProductCard({ product, lang, priority, action }: ProductCardProps) {
  const currency = useCurrency();
  const { name } = localizeProduct(product, lang);
  const { main, hover } = productImages(product);

  return (
    <article className={styles.card}>
      <Link to={`/product/${product.id}`} className={styles.link}>
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
        </div>
      </Link>
      {action && <div className={styles.action}>{action}</div>}
    </article>
  );
}
