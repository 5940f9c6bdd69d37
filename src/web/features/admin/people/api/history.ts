import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PeopleHistoryEntry } from '@domain/contract/people';
import { people } from '@web/api/endpoints/people';
import { api } from '@web/api/endpoint';
import { peopleKeys } from './keys';

export type { PeopleHistoryEntry };

/** GET /api/admin/people/{id}/history: the last 100 changes, newest first. */
export const personHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: peopleKeys.history(id),
    queryFn: () => api(people.history, { params: { id }, query: { take: 100 } }),
  });
export const usePersonHistory = (id: number) => useQuery(personHistoryQueryOptions(id));
