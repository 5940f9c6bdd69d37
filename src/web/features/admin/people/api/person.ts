import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonCreate, PersonPatch, PersonRecord } from '@domain/contract/people';
import { people } from '@web/api/endpoints/people';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui/mutation';
import { peopleKeys } from './keys';

export type { PersonRecord };

/** GET /api/admin/people/{id}: the person with their version. */
export const personQueryOptions = (id: number) =>
  queryOptions({ queryKey: peopleKeys.detail(id), queryFn: () => api(people.get, { params: { id } }) });
export const usePerson = (id: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...personQueryOptions(id), ...opts });

/** Writes the answer into the cache (the page shows it; the grid reloads its pages). */
function useStore() {
  const client = useQueryClient();
  return (p: PersonRecord) => {
    client.setQueryData(peopleKeys.detail(p.id), p);
    void client.invalidateQueries({ queryKey: peopleKeys.lists() });
    void client.invalidateQueries({ queryKey: peopleKeys.history(p.id) });
  };
}

/** PATCH /api/admin/people/{id} with If-Match (412: ApiError with the current person). */
export function useUpdatePerson() {
  const store = useStore();
  return useNotifyingMutation({
    mutationFn: (v: { id: number; body: PersonPatch; version: number }) =>
      api(people.update, { params: { id: v.id }, body: v.body, version: v.version }),
    success: 'Saved',
    error: false,
    onSuccess: store,
  });
}

/** POST /api/admin/people/{id}/deactivate | reactivate. */
export function useSetActive() {
  const store = useStore();
  return useNotifyingMutation({
    mutationFn: (v: { id: number; active: boolean; version: number }) =>
      api(v.active ? people.reactivate : people.deactivate, { params: { id: v.id }, version: v.version }),
    success: (p) => (p.isActive ? 'Reactivated' : 'Deactivated'),
    error: false,
    onSuccess: store,
  });
}

/** POST /api/admin/people: a person added by hand. */
export function useCreatePerson() {
  const store = useStore();
  return useNotifyingMutation({
    mutationFn: (body: PersonCreate) => api(people.create, { body }),
    success: (p) => `${p.name} added`,
    error: false,
    onSuccess: store,
  });
}
