import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { EndpointDef, EndpointResponse, PathParams } from '@domain/contract/endpoint';
import { api, type ApiInput } from './endpoint';

/** A record's id as the API takes it: a whole number above 0. */
export const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

type Get = EndpointDef & { method: 'GET' };
type Extra = { staleTime?: number };
/** The route's parameters, as the navigation tree's `prefetch` receives them. */
export type RouteParams = Record<string, string | undefined>;

const call = api as <E extends EndpointDef>(e: E, input?: ApiInput<E>) => Promise<EndpointResponse<E>>;

/**
 * A GET read by one number of its path (a project's, a one-page's…): its `queryOptions` (keyed by `key(id)`,
 * enabled for a valid id), the hook (which its caller may turn off) and the navigation tree's prefetch (the
 * route's `:id`). `param` names the path parameter when it is not `id`.
 */
export function queryById<E extends Get>(
  endpoint: E,
  key: (id: number) => QueryKey,
  { param, ...extra }: Extra & { param?: keyof PathParams<E> & string } = {},
) {
  const options = (id: number) =>
    queryOptions<EndpointResponse<E>>({
      queryKey: key(id),
      queryFn: () => call(endpoint, { params: { [param ?? 'id']: id } } as ApiInput<E>),
      enabled: validId(id),
      ...extra,
    });
  const useById = (id: number | undefined, { enabled = true }: { enabled?: boolean } = {}) =>
    useQuery({ ...options(id ?? 0), enabled: enabled && validId(id) });
  const prefetch = (client: QueryClient, params: RouteParams) => {
    const id = Number(params.id);
    if (validId(id)) void client.prefetchQuery(options(id));
  };
  return { options, useById, prefetch };
}

/**
 * A GET without parameters (a whole list): its `queryOptions` under `queryKey`, the hook (which its caller may turn
 * off) and a prefetch.
 */
export function queryOf<E extends Get>(endpoint: E, queryKey: QueryKey, extra: Extra = {}) {
  const options = () =>
    queryOptions<EndpointResponse<E>>({ queryKey, queryFn: () => call(endpoint), ...extra });
  const useList = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...options(), enabled });
  const prefetch = (client: QueryClient) => void client.prefetchQuery(options());
  return { options, useList, prefetch };
}
