import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdOneCentrePeople } from '@domain/contract';
import { idone } from '@web/api/endpoints/idone';
import { api } from '@web/api/endpoint';
import { idOneCentreKeys } from './keys';

export type { IdOneCentrePeople };

/**
 * GET /api/id-one-centre/people: the Responsible and Project Manager header filters' options (the partners and
 * managers of any project, by name). They change little: read once a few minutes.
 */
export const idOneCentrePeopleQueryOptions = () =>
  queryOptions({
    queryKey: idOneCentreKeys.people(),
    queryFn: () => api(idone.people),
    staleTime: 5 * 60_000,
  });

export const useIdOneCentrePeople = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...idOneCentrePeopleQueryOptions(), enabled });
