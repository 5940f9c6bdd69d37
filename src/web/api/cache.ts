import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** The list with `rows` replacing the rows of the same id, new ones appended (order kept); undefined stays. */
export function upsertById<R extends { id: number }>(
  list: R[] | undefined,
  rows: readonly R[],
): R[] | undefined {
  if (!list) return list;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const next = list.map((r) => byId.get(r.id) ?? r);
  for (const r of rows) if (!list.some((x) => x.id === r.id)) next.push(r);
  return next;
}

/** The list without the row of that id; undefined stays. */
export const removeById = <R extends { id: number }>(list: R[] | undefined, id: number) =>
  list?.filter((r) => r.id !== id);

/**
 * The writes of a cached list (a grid's add, edit and delete): each answer goes into the list under `key` (an
 * answer that is no row reloads it), a deleted row leaves it, and a refused write reloads it — someone else may
 * have changed it. `settled` runs after every write (e.g. the project's KPIs, which read the list).
 */
export function useListMutations<R extends { id: number }, A, U>(
  key: QueryKey,
  calls: {
    add: (body: A) => Promise<R>;
    update: (change: U) => Promise<R>;
    remove: (row: R) => Promise<unknown>;
    /** After a row is deleted (e.g. the queries of its children go). */
    removed?: (row: R) => void;
    settled?: () => unknown;
  },
) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: key });
  const put = (row: R | undefined) =>
    row && typeof row.id === 'number'
      ? qc.setQueryData<R[]>(key, (list) => upsertById(list, [row]))
      : reload();
  const settled = calls.settled ? () => void calls.settled!() : undefined;
  return {
    add: useMutation({ mutationFn: calls.add, onSuccess: put, onError: reload, onSettled: settled }),
    update: useMutation({ mutationFn: calls.update, onSuccess: put, onError: reload, onSettled: settled }),
    remove: useMutation({
      mutationFn: calls.remove,
      onSuccess: (_answer: unknown, row: R) => {
        qc.setQueryData<R[]>(key, (list) => removeById(list, row.id));
        calls.removed?.(row);
      },
      onError: reload,
      onSettled: settled,
    }),
    reload,
    put,
  };
}
