import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { PRODUCT_RATIO, productSrcSet } from '../../../lib/images';
import { localizeProduct, productImages } from '../lib/localize';
import styles from './product-card.module.css';

export const CARD_SIZES = '(min-width: 1320px) 310px, (min-width: 900px) 24vw, (min-width: 600px) 32vw, 50vw';

interface ProductCardProps {
  product: Product;
  lang: string;
  /** Cards in the first row are above the fold: load them at once, the first one first. */
  priority?: 'high' | 'eager';
  /** A control over the image's corner, outside the link (the admin's delete cross). */
  action?: ReactNode;
}

/** A product in a grid: image (crossfading to the hover image), name and price. */
export function ProductCard({ product, lang, priority, action }: ProductCardProps) {
  const { name } = localizeProduct(product, lang);
  const { main, hover } = productImages(product);

  return (
    <article className={styles.card}>
      <Link to={`/product/${product.id}`} className={styles.link}>
        <div className={styles.media}>
          {/* The name right below says what the picture shows, so the image stays silent. */}
          <img
            className={styles.image}
            src={main}
            srcSet={productSrcSet(main)}
            sizes={CARD_SIZES}
            width={PRODUCT_RATIO.width}
            height={PRODUCT_RATIO.height}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === 'high' ? 'high' : 'auto'}
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
          <h3 className={styles.name}>{name}</h3>
          <p className={styles.price}>{formatMoney(product.price, lang)}</p>
        </div>
      </Link>
      {action && <div className={styles.action}>{action}</div>}
    </article>
  );
}
