import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterItemFields } from '@domain/contract/master-admin';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataChanged } from './changed';

/** POST /api/admin/master-data/:list: a new item (409 when the list has the name). */
export function useCreateItem(list: MasterListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MasterItemFields) => api(masterAdmin.create, { params: { list }, body }),
    onSuccess: () => masterDataChanged(client, list),
  });
}
