import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterItem } from '@domain/contract/master-admin';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataChanged } from './changed';

/** DELETE …/:id, If-Match the item's version (409 with its uses when a record holds it). */
export function useRemoveItem(list: MasterListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: MasterItem) =>
      api(masterAdmin.remove, { params: { list, id: item.id }, version: item.version }),
    onSuccess: () => masterDataChanged(client, list),
  });
}
