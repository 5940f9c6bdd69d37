import { useQuery } from '@tanstack/react-query';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataKeys } from './keys';

/** GET /api/admin/master-data/:list/:id/history: the item's changes, newest first. */
export const useItemHistory = (list: MasterListKey, id: number | undefined) =>
  useQuery({
    queryKey: masterDataKeys.history(list, id ?? 0),
    queryFn: () => api(masterAdmin.history, { params: { list, id: id! } }),
    enabled: id !== undefined,
  });
