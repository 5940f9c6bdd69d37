import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnePageSubmit } from '@domain/contract';
import { onePages } from '@web/api/endpoints/one-pages';
import { api } from '@web/api/endpoint';
import { refreshKpis, storeOnePage } from './one-page';

/**
 * PATCH /api/one-pages/{id}/submit with the form's values (001 §5, §7): 400 `{ message, fields }` when a
 * required field is missing, 409 when already submitted. The submitted one-page goes into the cache.
 */
export function useSubmitOnePage(projectId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: OnePageSubmit) => api(onePages.submit, { params: { id }, body: values }),
    onSuccess: (record) => {
      storeOnePage(qc, projectId, record);
      refreshKpis(qc, projectId);
    },
  });
}

/** PATCH /api/one-pages/{id}/unsubmit (002 §7; the governance scope only): the one-page is a draft again. */
export function useUnsubmitOnePage(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(onePages.unsubmit, { params: { id } }),
    onSuccess: (record) => {
      storeOnePage(qc, projectId, record);
      refreshKpis(qc, projectId);
    },
  });
}
