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
