import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager } from '../pager/pager';
import { StateMessage } from '../state-message/state-message';
import { DataTable, TableLoading, type Column } from '../table/data-table';

/**
 * The tab and page of an admin list kept in the address (`?status=&page=`), so that a reload, a
 * shared link and the back button keep them; the first tab and page 1 are left out of it.
 */
export function useListParams<Tab extends string>(tabs: readonly [Tab, ...Tab[]]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const tab = tabs.find((name) => name === asked) ?? tabs[0];
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** To another tab (its first page) or another page of this tab. */
  const go = (next: { status?: Tab; page?: number }) => {
    const status = next.status ?? tab;
    const number = next.page ?? 1;
    setParams(
      { ...(status === tabs[0] ? {} : { status }), ...(number > 1 ? { page: String(number) } : {}) },
      { replace: true, preventScrollReset: true },
    );
  };
  return { tab, page, go };
}

interface PagedListProps<Item> {
  /** The page's rows; undefined while the first load runs. */
  items: Item[] | undefined;
  /** How many rows the list holds in all. */
  total: number | undefined;
  error: unknown;
  /** Loading again: the old rows stay, dimmed. */
  busy: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: readonly Column[];
  /** The screen's words: the load error's title, the empty list's, the pager's name. */
  labels: { error: string; empty: string; pages: string };
  children: (items: Item[]) => ReactNode;
}

/**
 * An admin list's panel (returns, complaints): its state (ListState) until it has rows, then the
 * table of this page's rows with the pager under it.
 */
export function PagedList<Item>({
  items,
  total,
  error,
  busy,
  page,
  pageSize,
  onPage,
  columns,
  labels,
  children,
}: PagedListProps<Item>) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  return (
    <ListState failed={Boolean(error)} rows={items?.length} labels={labels}>
      <DataTable busy={busy} columns={columns}>
        {items && children(items)}
      </DataTable>
      <Pager page={page} pages={pages} onGo={onPage} label={labels.pages} />
    </ListState>
  );
}

/**
 * What stands in an admin list's place until it has rows: the load error (when nothing loaded),
 * "Loading…" (`labels.loading`, else the common word), the empty list's message; then the list.
 */
export function ListState({
  failed,
  rows,
  labels,
  children,
}: {
  /** The last load failed. */
  failed: boolean;
  /** How many rows the list holds; undefined until the first load. */
  rows: number | undefined;
  labels: { error: string; empty: string; loading?: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (failed && rows === undefined) return <StateMessage kind="error" title={labels.error} />;
  if (rows === undefined) return <TableLoading>{labels.loading ?? t('common.loading')}</TableLoading>;
  if (rows === 0) return <StateMessage kind="empty" title={labels.empty} />;
  return <>{children}</>;
}
