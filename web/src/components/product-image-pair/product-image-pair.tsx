import { PRODUCT_RATIO, productSrcSet } from '../../lib/images';
import styles from './product-image-pair.module.css';

/** The width a card takes in the four-column product grids (catalog and wishlist). */
const CARD_SIZES = '(min-width: 1320px) 310px, (min-width: 900px) 24vw, (min-width: 600px) 32vw, 50vw';

interface ProductImagePairProps {
  /** The product's picture. */
  main: string;
  /** Shown instead while the link around it is hovered or focused. */
  hover?: string | null | undefined;
  /** The main image's loading; the hover image always waits. */
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'auto';
}

/**
 * A product card's picture: the main image, crossfading to the hover image while the link
 * around it is hovered or focused. The card's name says what the picture shows, so the
 * images stay silent.
 */
export function ProductImagePair({ main, hover, loading = 'lazy', fetchPriority }: ProductImagePairProps) {
  return (
    <div className={styles.media}>
      <img
        className={styles.image}
        src={main}
        srcSet={productSrcSet(main)}
        sizes={CARD_SIZES}
        width={PRODUCT_RATIO.width}
        height={PRODUCT_RATIO.height}
        alt=""
        loading={loading}
        fetchPriority={fetchPriority}
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
  );
}
