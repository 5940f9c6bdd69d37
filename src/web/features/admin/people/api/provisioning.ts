import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ProvisionedGroup,
  Provisioning,
  ProvisioningRequest,
  ProvisioningToken,
  ProvisioningTokenCreated,
} from '@domain/contract/people';
import { people } from '@web/api/endpoints/people';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui/mutation';
import { peopleKeys } from './keys';

export type {
  ProvisionedGroup,
  Provisioning,
  ProvisioningRequest,
  ProvisioningToken,
  ProvisioningTokenCreated,
};

/** GET /api/admin/provisioning: the Tenant URL, the connection, groups, tokens and the last requests. */
export const provisioningQueryOptions = () =>
  queryOptions({ queryKey: peopleKeys.provisioning(), queryFn: () => api(people.provisioning) });
export const useProvisioning = () => useQuery(provisioningQueryOptions());

/** PATCH /api/admin/provisioning/groups/{id}: the group's scopes (If-Match); members' scopes follow. */
export function useUpdateGroup() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (v: { id: string; scopes: string[]; version: number }) =>
      api(people.updateGroup, {
        params: { id: v.id },
        body: { scopes: v.scopes as never },
        version: v.version,
      }),
    success: (g) => `Scopes of ${g.displayName} saved`,
    onSuccess: (g) => {
      client.setQueryData<Provisioning>(peopleKeys.provisioning(), (p) =>
        p ? { ...p, groups: p.groups.map((x) => (x.id === g.id ? g : x)) } : p,
      );
      void client.invalidateQueries({ queryKey: peopleKeys.lists() });
    },
    onError: () => void client.invalidateQueries({ queryKey: peopleKeys.provisioning() }),
  });
}

/** POST /api/admin/provisioning/tokens: the token's secret is in this answer only. */
export function useCreateToken() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (name: string) => api(people.createToken, { body: { name } }),
    error: false,
    onSuccess: (t) => {
      const { token: _secret, ...listed } = t;
      client.setQueryData<Provisioning>(peopleKeys.provisioning(), (p) =>
        p
          ? {
              ...p,
              tokens: [listed, ...p.tokens],
              summary: { ...p.summary, activeTokens: p.summary.activeTokens + 1 },
            }
          : p,
      );
    },
  });
}

/** DELETE /api/admin/provisioning/tokens/{id}. */
export function useRevokeToken() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (id: number) => api(people.revokeToken, { params: { id } }),
    success: 'Token revoked',
    error: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: peopleKeys.provisioning() }),
  });
}
