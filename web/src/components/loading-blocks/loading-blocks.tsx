import styles from './loading-blocks.module.css';

interface LoadingBlocksProps {
  /** Read to screen readers while the blocks show. */
  label: string;
  count: number;
  /** The column's spacing and width. */
  className?: string | undefined;
  /** A block's height and corners. */
  blockClassName: string | undefined;
}

/** Shimmering placeholders in the shape of what is loading, announced as a status. */
export function LoadingBlocks({ label, count, className, blockClassName }: LoadingBlocksProps) {
  return (
    <div className={[styles.loading, className].filter(Boolean).join(' ')} role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={[styles.block, blockClassName].filter(Boolean).join(' ')} aria-hidden="true" />
      ))}
    </div>
  );
}
