import type { ReactNode } from 'react';
import table from './table.module.css';

export interface Column {
  /** The heading's text. */
  label: ReactNode;
  /** React's key, where the columns are a list of values (sizes); the label otherwise. */
  key?: string;
  /** `number`: figures, in digits of one width; `actions`: the row's actions, at its end. */
  kind?: 'number' | 'actions';
  /** A heading only screen readers hear (the actions' buttons name themselves). */
  hidden?: boolean;
  className?: string;
}

interface DataTableProps {
  columns: readonly Column[];
  /** The table's name, as its caption: for screen readers only unless `captionClassName` is given. */
  caption?: ReactNode;
  /** The caption's class: `''` shows it as the sheet's plain caption. */
  captionClassName?: string;
  /** The id of a heading that names the table (instead of a caption). */
  labelledBy?: string;
  /** Its rows are loading again: the old ones stay, dimmed. */
  busy?: boolean;
  /** Lower rows, and tighter cards on a phone (the orders list). */
  dense?: boolean;
  /** On a phone, each cell beside its column's name (its `data-label`): a table of figures. */
  labelled?: boolean;
  className?: string;
  /** The body's rows. */
  children: ReactNode;
}

const headClass = { number: table.number, actions: table.actionsHead } as const;

/**
 * The admin's table (users, products, orders, codes, reviews, documents, failing tasks): a
 * scrolling card with quiet column headings, each row a card on a phone (table.module.css). The
 * rows are the caller's; a row's heading cell is a `th scope="row"`, its actions a `table.actionRow`.
 */
export function DataTable({
  columns,
  caption,
  captionClassName = 'visually-hidden',
  labelledBy,
  busy,
  dense,
  labelled,
  className,
  children,
}: DataTableProps) {
  const classes = [table.table, dense && table.dense, labelled && table.labelled, className].filter(Boolean).join(' ');
  return (
    <div className={table.scroller} aria-busy={busy || undefined}>
      <table className={classes} aria-labelledby={labelledBy}>
        {caption != null && <caption className={captionClassName || undefined}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                scope="col"
                key={column.key ?? (typeof column.label === 'string' ? column.label : index)}
                className={
                  [column.kind && headClass[column.kind], column.className].filter(Boolean).join(' ') || undefined
                }
              >
                {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What stands in the table's place while its first rows load. */
export function TableLoading({ children }: { children: ReactNode }) {
  return (
    <p className={table.loading} role="status">
      {children}
    </p>
  );
}
