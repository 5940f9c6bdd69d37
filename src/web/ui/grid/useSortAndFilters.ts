import { startTransition, useCallback, useState } from 'react';
import type { GridOrderProps, SortState } from './types';

/** The header filters' choices: column key → the chosen values (undefined: every value). */
export type GridFilters = Record<string, ReadonlySet<string> | undefined>;

/**
 * The header's sort and filters (client mode; infinite mode: the server sorts, and filters with the columns'
 * `serverFilter`). The sort is the person's, else the phone's `mobileSort`, else `defaultSort`. A filter change goes
 * back to the first page.
 */
export function useSortAndFilters(
  { defaultSort, mobileSort }: GridOrderProps,
  o: { server: boolean; mobile: boolean; setPage: (page: number) => void },
) {
  const { setPage } = o;
  const [filters, setFilters] = useState<GridFilters>({});
  const [userSort, setUserSort] = useState<SortState | undefined>(undefined);
  const sort = o.server ? undefined : (userSort ?? (o.mobile && mobileSort ? mobileSort : defaultSort));
  const setFilter = useCallback(
    (key: string, sel: ReadonlySet<string> | undefined) => {
      startTransition(() => {
        setFilters((f) => ({ ...f, [key]: sel }));
        setPage(0);
      });
    },
    [setPage],
  );
  return { sort, setSort: setUserSort, filters, setFilter };
}
