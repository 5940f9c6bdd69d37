import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterItem } from '@domain/contract/master-admin';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataChanged } from './changed';

/** POST …/:id/deactivate or …/:id/reactivate, If-Match the item's version. */
export function useSetActive(list: MasterListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, active }: { item: MasterItem; active: boolean }) =>
      api(active ? masterAdmin.reactivate : masterAdmin.deactivate, {
        params: { list, id: item.id },
        version: item.version,
      }),
    onSuccess: () => masterDataChanged(client, list),
  });
}
