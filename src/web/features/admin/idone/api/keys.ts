import { normalizeCentreFilters, type IdOneCentreFilters } from './filters';

/** Query keys of the ID One Accredited Centre (002 §2.9): the grid by its normalized filters, the filters' people. */
export const idOneCentreKeys = {
  all: ['admin', 'id-one-centre'] as const,
  grid: (filters: IdOneCentreFilters) =>
    [...idOneCentreKeys.all, 'grid', normalizeCentreFilters(filters)] as const,
  people: () => [...idOneCentreKeys.all, 'people'] as const,
};
