import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PeopleChoices } from '@domain/contract/people';
import { people } from '@web/api/endpoints/people';
import { api } from '@web/api/endpoint';
import { peopleKeys } from './keys';

export type { PeopleChoices };

/** GET /api/admin/people/choices: the active practices, offices, positions, co-managements and business units. */
export const peopleChoicesQueryOptions = () =>
  queryOptions({ queryKey: peopleKeys.choices(), queryFn: () => api(people.choices), staleTime: 5 * 60_000 });
export const usePeopleChoices = () => useQuery(peopleChoicesQueryOptions());
