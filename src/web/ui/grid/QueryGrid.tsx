import type { ReactNode } from 'react';
import { PageHeading } from '../PageHeading';
import { LoadingState, QueryError } from '../PageState';
import { PortalDataGrid } from './PortalDataGrid';
import type { PortalDataGridProps, RowId } from './types';

/** What a grid reads of its query (TanStack Query's result). */
export interface GridQuery<T> {
  data: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type QueryGridProps<T> = Omit<PortalDataGridProps<T>, 'rows' | 'loading' | 'getRowId'> & {
  query: GridQuery<T>;
  /** The rows shown when the screen narrows the query's (default: the query's). */
  rows?: T[];
  /** Default: the row's `id`. */
  getRowId?: (row: T) => RowId;
};

const byId = (row: unknown) => (row as { id: RowId }).id;

/**
 * The grid of a query's rows: its load failure (with Retry) above, the rows (or `rows`, when the screen narrows
 * them), loading while they come; rows are told apart by their `id` unless `getRowId` says otherwise.
 */
export function QueryGrid<T>({ query, rows, getRowId, ...grid }: QueryGridProps<T>) {
  return (
    <>
      <QueryError query={query} />
      <PortalDataGrid<T>
        {...grid}
        rows={rows ?? query.data}
        loading={query.isLoading}
        getRowId={getRowId ?? byId}
      />
    </>
  );
}

/**
 * A screen that is a grid of one query: the loading state until the query (and whatever `loading` says) has
 * answered, then the banner and title, the grid and `children` (its dialogs).
 */
export function GridPage<T>({
  banner,
  title,
  loading,
  children,
  ...grid
}: QueryGridProps<T> & { banner: string; title: string; loading?: boolean; children?: ReactNode }) {
  if (grid.query.isLoading || loading) return <LoadingState />;
  return (
    <section>
      <PageHeading banner={banner} title={title} />
      <QueryGrid<T> {...grid} />
      {children}
    </section>
  );
}
