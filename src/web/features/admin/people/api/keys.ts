import type { PeopleFilters } from './people';

/** Query keys of Admin › People: the grid by its filters, a person, their history, the choices, provisioning. */
export const peopleKeys = {
  all: ['admin', 'people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (filters: PeopleFilters) => [...peopleKeys.lists(), filters] as const,
  detail: (id: number) => [...peopleKeys.all, 'detail', id] as const,
  history: (id: number) => [...peopleKeys.all, 'history', id] as const,
  choices: () => [...peopleKeys.all, 'choices'] as const,
  provisioning: () => [...peopleKeys.all, 'provisioning'] as const,
};
