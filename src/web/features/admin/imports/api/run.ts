import { useMutation } from '@tanstack/react-query';
import type { ImportReport } from '@domain/contract/imports';
import { imports } from '@web/api/endpoints/imports';
import { api } from '@web/api/endpoint';
import { ApiError } from '@web/api/client';

export interface RunInput {
  kind: string;
  file: File;
  dryRun: boolean;
}

/** The report a refused commit (422) carries, or undefined for any other failure. */
export function refusedReport(e: unknown): ImportReport | undefined {
  if (!(e instanceof ApiError) || e.status !== 422) return undefined;
  return (e.body as { report?: ImportReport } | undefined)?.report;
}

/**
 * POST /api/imports/{kind}?dryRun= (multipart field `file`): the preview (dryRun) or the commit of a file; its
 * answer is the report. A commit with problems fails with 422 and the same report (`refusedReport`).
 */
export function useRunImport() {
  return useMutation({
    mutationFn: ({ kind, file, dryRun }: RunInput) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api(imports.run, {
        params: { kind },
        query: { dryRun: String(dryRun) as 'true' | 'false' },
        body: form,
      });
    },
  });
}
