import { useMemo, useState } from 'react';
import { ALLOCATION_STATUS, DURING_TYPES, PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import type { FilterOption, ServerFilter } from '@web/ui';
import type { SupervisionFilters } from '@domain/contract';

type ListKey = 'status' | 'problemLevel' | 'environmentStatus' | 'duringType' | 'allocationStatus';
type BoolKey =
  'onePageSubmitted' | 'priority' | 'internal' | 'pdcPriority' | 'hasAllocation' | 'hasGovernanceAction';
export type FilterKey = ListKey | BoolKey;

const YES_NO: FilterOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const options = (rec: Record<number, string>): FilterOption[] =>
  Object.entries(rec).map(([value, label]) => ({ value, label }));

/** The header filters' choices (labels as the grids show the values; 0 = none where a value may be missing). */
export const FILTER_OPTIONS: Record<FilterKey, FilterOption[]> = {
  status: Object.entries(PROJECT_STATUS).map(([value, s]) => ({ value, label: s.adminLabel })),
  problemLevel: options(Object.fromEntries(Object.entries(PROBLEM_LEVEL).map(([k, v]) => [k, v.label]))),
  environmentStatus: [
    { value: '0', label: 'Not Submitted' },
    ...options({ 1: PROBLEM_LEVEL[1]!.label, 2: PROBLEM_LEVEL[2]!.label, 3: PROBLEM_LEVEL[3]!.label }),
  ],
  duringType: [{ value: '0', label: 'None' }, ...options(DURING_TYPES)],
  allocationStatus: options(ALLOCATION_STATUS),
  onePageSubmitted: YES_NO,
  priority: YES_NO,
  internal: YES_NO,
  pdcPriority: YES_NO,
  hasAllocation: YES_NO,
  hasGovernanceAction: YES_NO,
};
const BOOLS = new Set<FilterKey>([
  'onePageSubmitted',
  'priority',
  'internal',
  'pdcPriority',
  'hasAllocation',
  'hasGovernanceAction',
]);

/** The server's default selection of the status filter: Setup, During and Closure. */
export const DEFAULT_STATUS = ['2', '3', '4'];
/** The filters a supervision page opens with (the navigation tree's prefetch uses the same). */
export const DEFAULT_FILTERS: SupervisionFilters = { status: [2, 3, 4] };

export interface SupervisionFilterState {
  /** What the server is asked for. */
  filters: SupervisionFilters;
  /** A filter with nothing chosen: the grid is empty and the counters zero, nothing is asked. */
  empty: boolean;
  /** The header filter of a column (infinite mode: applied by the server). */
  serverFilter: (key: FilterKey) => ServerFilter;
  setSearch: (text: string) => void;
}

/**
 * The grids' filter state: search and one header filter per filterable column. A selection of every option is
 * "no filter"; a yes/no filter with one choice is that boolean; the status filter starts at Setup, During, Closure.
 */
export function useSupervisionFilters(): SupervisionFilterState {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Partial<Record<FilterKey, string[]>>>({ status: DEFAULT_STATUS });
  return useMemo(() => {
    const filters: Record<string, unknown> = { search };
    let empty = false;
    for (const [key, sel] of Object.entries(selected) as [FilterKey, string[] | undefined][]) {
      if (!sel) continue;
      if (sel.length === 0) empty = true;
      else if (BOOLS.has(key)) {
        if (sel.length === 1) filters[key] = sel[0] === 'true';
      } else if (sel.length < FILTER_OPTIONS[key].length) filters[key] = sel.map(Number);
    }
    return {
      filters: filters as SupervisionFilters,
      empty,
      setSearch,
      serverFilter: (key) => ({
        options: FILTER_OPTIONS[key],
        selected:
          selected[key] && selected[key]!.length < FILTER_OPTIONS[key].length ? selected[key] : undefined,
        onChange: (sel) => setSelected((s) => ({ ...s, [key]: sel })),
      }),
    };
  }, [search, selected]);
}
