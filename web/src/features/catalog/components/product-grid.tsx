import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shop/contract';
import { ProductCard } from './product-card';
import styles from './product-grid.module.css';

interface ProductGridProps {
  products: Product[];
  lang: string;
  /**
   * The grid is the page's first: its first picture loads at once, first (it is the largest paint
   * once the banner is closed and the terms accepted). The others wait for the layout like any
   * lazy image: under the notice banner the first row starts near the fold (decision 0016), and
   * preloaded with the HTML they would compete with the styles and fonts the first paint needs.
   */
  aboveFold?: boolean;
  /** A control for each card (the admin's delete cross). */
  cardAction?: (product: Product) => ReactNode;
}

export function ProductGrid({ products, lang, aboveFold, cardAction }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} lang={lang} priority={aboveFold && i === 0} action={cardAction?.(product)} />
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
