import { queryOptions, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridPreference } from '@domain/contract';
import { DEFAULT_HIDDEN_COLUMNS, type GridKey } from '@domain/rules/grid-columns';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { preferences } from '@web/api/endpoints/preferences';
import { failureMessage } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
import { gridColumnKeys } from './keys';

export type { GridPreference };

/** Shown when the choice was changed on another device since it was read (412): the stored one is shown. */
export const COLUMNS_CHANGED_ELSEWHERE =
  'Your columns were changed in another window meanwhile: they are shown as saved there';

/** GET /api/me/grid-columns/{grid}: the caller's hidden columns of a grid (the default before any choice). */
export const gridColumnsQueryOptions = (grid: GridKey) =>
  queryOptions({
    queryKey: gridColumnKeys.grid(grid),
    queryFn: () => api(preferences.gridColumns, { params: { grid } }),
  });

const isPreference = (v: unknown): v is GridPreference =>
  !!v && typeof v === 'object' && Array.isArray((v as GridPreference).hidden);

/**
 * The caller's column choice of `grid` and how to change it. A change is shown at once (the cache
 * takes it before the PUT, and a save still pending wins over a read that lands meanwhile); the PUTs of one grid go
 * one after the other, each with the version the previous answered (If-Match), and each answer goes into the cache.
 * A failed save shows the error toast and puts back what was shown before (on 412, the choice stored now).
 */
export function useGridColumns(grid: GridKey) {
  const qc = useQueryClient();
  const key = gridColumnKeys.grid(grid);
  const query = useQuery(gridColumnsQueryOptions(grid));
  const pending = useMutationState({
    filters: { mutationKey: key, status: 'pending' },
    select: (m) => m.state.variables as string[] | undefined,
  });
  const save = useNotifyingMutation({
    mutationKey: key,
    // one PUT at a time per grid: each carries the version the previous one answered
    scope: { id: key.join('/') },
    mutationFn: (hidden: string[]) =>
      api(preferences.saveGridColumns, {
        params: { grid },
        body: { hidden },
        version: qc.getQueryData<GridPreference>(key)?.version,
      }),
    onMutate: async (hidden) => {
      const previous = qc.getQueryData<GridPreference>(key);
      // not read yet: the pending save is shown meanwhile (and goes without If-Match)
      if (!previous) return { previous };
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<GridPreference>(key, { ...previous, hidden });
      return { previous };
    },
    onSuccess: (saved) => qc.setQueryData<GridPreference>(key, saved),
    error: (e) => (e instanceof ApiError && e.isConflict ? COLUMNS_CHANGED_ELSEWHERE : failureMessage(e)),
    onError: (e, _hidden, context) => {
      const current = e instanceof ApiError ? e.current : undefined;
      if (isPreference(current)) qc.setQueryData<GridPreference>(key, current);
      else if (context?.previous) qc.setQueryData<GridPreference>(key, context.previous);
      else void qc.invalidateQueries({ queryKey: key, exact: true });
    },
  });
  const latest = pending.at(-1);
  const hidden: readonly string[] = latest ?? query.data?.hidden ?? DEFAULT_HIDDEN_COLUMNS;
  return {
    hidden,
    /** Whether the choice has been read (or failed to be: the grid then shows every column). */
    ready: !query.isPending,
    setHidden: (next: string[]) => save.mutate(next),
  };
}
