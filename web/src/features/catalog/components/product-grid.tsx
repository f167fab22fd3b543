import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shop/contract';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

interface ProductGridProps {
  products: Product[];
  lang: string;
  /** The grid is at the top of the page: its first row is the largest paint. */
  aboveFold?: boolean;
  /** A control for each card (the admin's delete cross). */
  cardAction?: (product: Product) => ReactNode;
}

export function ProductGrid({ products, lang, aboveFold, cardAction }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            lang={lang}
            priority={aboveFold && i < 4 ? (i === 0 ? 'high' : 'eager') : undefined}
            action={cardAction?.(product)}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the real cards' size, so nothing moves when the products arrive. */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="visually-hidden">{t('catalog.loading')}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.skeleton}>
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonLine} />
          </li>
        ))}
      </ul>
    </div>
  );
}
