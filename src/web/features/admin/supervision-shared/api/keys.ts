import type { SupervisionFilters } from '@domain/contract';
import type { GridKey } from '@domain/rules/grid-columns';
import { normalizeFilters, type SupervisionKind } from './supervision';
/** Query keys of the supervision grids (002 §2.7, §2.8): one entry a kind and its normalized filters. */
export const supervisionKeys = {
  all: ['admin', 'supervision'] as const,
  grid: (kind: SupervisionKind, filters: SupervisionFilters) =>
    [...supervisionKeys.all, kind, normalizeFilters(filters)] as const,
};

/** The caller's column choice of a grid: apart from the grids' keys, which edits walk through. */
export const gridColumnKeys = {
  all: ['me', 'grid-columns'] as const,
  grid: (grid: GridKey) => [...gridColumnKeys.all, grid] as const,
};
