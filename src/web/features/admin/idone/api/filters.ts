import type { IdOneCentreQuery } from '@domain/contract';

/** The centre's filters as the grid holds them: search, Has IDOne, Responsible and Project Manager ids. */
export type IdOneCentreFilters = IdOneCentreQuery;

/** The filters in one canonical form (trimmed search, sorted ids, unset keys left out): the query key. */
export function normalizeCentreFilters(f: IdOneCentreFilters): IdOneCentreFilters {
  const out: IdOneCentreFilters = {};
  const search = f.search?.trim();
  if (search) out.search = search;
  if (f.hasIDOne !== undefined) out.hasIDOne = f.hasIDOne;
  if (f.responsible?.length) out.responsible = [...f.responsible].sort((a, b) => a - b);
  if (f.projectManager?.length) out.projectManager = [...f.projectManager].sort((a, b) => a - b);
  return out;
}

/** The filters as query parameters (lists comma-joined), in a fixed order: the grid's pages and the export. */
export function centreFilterQuery(f: IdOneCentreFilters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(normalizeCentreFilters(f)))
    q[k] = Array.isArray(v) ? v.join(',') : String(v);
  return q;
}
