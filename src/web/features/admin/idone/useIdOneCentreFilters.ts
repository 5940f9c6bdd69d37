import { useMemo, useState } from 'react';
import type { IdOneCentrePeople } from '@domain/contract';
import type { FilterOption, ServerFilter } from '@web/ui';
import type { IdOneCentreFilters } from './api/filters';

/** The centre's header filters: Responsible and Project Manager (people), Has IDOne (yes / no). */
export type CentreFilterKey = 'responsible' | 'projectManager' | 'hasIDOne';

const YES_NO: FilterOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const KEYS: CentreFilterKey[] = ['responsible', 'projectManager', 'hasIDOne'];

export interface IdOneCentreFilterState {
  /** What the server is asked for (grid and export). */
  filters: IdOneCentreFilters;
  /** A header filter with nothing chosen: the grid is empty and its count zero, nothing is asked. */
  empty: boolean;
  /** The header filter of a column (applied by the server). */
  serverFilter: (key: CentreFilterKey) => ServerFilter;
  setSearch: (text: string) => void;
}

/**
 * The centre's filter state: the search and one header filter per filterable column, whose people come from
 * GET /api/id-one-centre/people (`people`, undefined while it loads). Every option chosen is "no filter"; Has
 * IDOne with one choice is that boolean; people filters send the chosen professional ids.
 */
export function useIdOneCentreFilters(people: IdOneCentrePeople | undefined): IdOneCentreFilterState {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Partial<Record<CentreFilterKey, string[]>>>({});
  return useMemo(() => {
    const toOptions = (list: IdOneCentrePeople['responsible'] | undefined): FilterOption[] =>
      (list ?? []).map((p) => ({ value: String(p.id), label: p.name }));
    const options: Record<CentreFilterKey, FilterOption[]> = {
      responsible: toOptions(people?.responsible),
      projectManager: toOptions(people?.projectManager),
      hasIDOne: YES_NO,
    };
    const filters: IdOneCentreFilters = { search };
    let empty = false;
    for (const key of KEYS) {
      const sel = selected[key];
      if (!sel) continue;
      if (sel.length === 0) empty = true;
      else if (key === 'hasIDOne') {
        if (sel.length === 1) filters.hasIDOne = sel[0] === 'true';
      } else filters[key] = sel.map(Number);
    }
    return {
      filters,
      empty,
      setSearch,
      serverFilter: (key) => ({
        options: options[key],
        selected: selected[key],
        onChange: (sel) => setSelected((s) => ({ ...s, [key]: sel })),
      }),
    };
  }, [search, selected, people]);
}
