import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/**
 * The looks a page heading comes in. They share the eyebrow and the display face and differ
 * in scale and spacing:
 * - `page`: the shopping pages (cart, wishlist, checkout, orders, profile);
 * - `catalog`: the clothing page, one size up;
 * - `admin`: the admin screens;
 * - `bar`: the product editor's sticky bar (on phones one line: no eyebrow, the title cut short);
 * - `editorial`: the information pages;
 * - `account`: the account screens' form card;
 * - `product`: the product page, the category over the product's name.
 */
export type PageHeadingVariant = 'page' | 'catalog' | 'admin' | 'bar' | 'editorial' | 'account' | 'product';

interface PageHeadingProps {
  eyebrow: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  variant?: PageHeadingVariant;
  /** The title's heading level: the page's h1 unless said otherwise. */
  level?: 1 | 2;
  /** For aria-labelledby on the region the heading names. */
  titleId?: string;
  /** Where the heading sits (width, shrinking); never its look. */
  className?: string;
}

/** The eyebrow, title and optional lead at the top of a page or panel. */
export function PageHeading({
  eyebrow,
  title,
  lead,
  variant = 'page',
  level = 1,
  titleId,
  className,
}: PageHeadingProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className={[styles[variant], className].filter(Boolean).join(' ')}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <Title id={titleId} className={styles.title}>
        {title}
      </Title>
      {lead && <p className={styles.lead}>{lead}</p>}
    </div>
  );
}
