import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterItem, MasterItemFields } from '@domain/contract/master-admin';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataChanged } from './changed';

/** PUT /api/admin/master-data/:list/:id: the item with fields changed, If-Match its version (412 when stale). */
export function useUpdateItem(list: MasterListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, changes }: { item: MasterItem; changes: MasterItemFields }) =>
      api(masterAdmin.update, {
        params: { list, id: item.id },
        body: { ...item, ...changes },
        version: item.version,
      }),
    onSuccess: () => masterDataChanged(client, list),
  });
}
