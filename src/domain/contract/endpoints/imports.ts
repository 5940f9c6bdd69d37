import { endpoint } from '../endpoint';
import { IdParams } from '../params';
import { z } from 'zod';
import { ImportKindParams, ImportListQuery, ImportRecord, ImportReport, ImportRunQuery } from '../imports';

/**
 * Imports (Admin › Import; one pipeline for every kind): the template, the preview or commit of a file (multipart
 * field `file`, .xlsx or .csv), and the runs with their progress (the screen polls the running one).
 */
export const imports = {
  /** The kind's .xlsx template: the header row, one example row, lists of allowed values. */
  template: endpoint({
    method: 'GET',
    path: '/api/imports/:kind/template',
    params: ImportKindParams,
    file: true,
  }),
  /** Previews (dryRun=true, default) or commits (dryRun=false) a file; 422 with the report when it has problems. */
  run: endpoint({
    method: 'POST',
    path: '/api/imports/:kind',
    params: ImportKindParams,
    query: ImportRunQuery,
    multipart: true,
    response: ImportReport,
  }),
  /** The latest runs (newest first, at most 20), e.g. the caller's running one of a kind. */
  list: endpoint({
    method: 'GET',
    path: '/api/imports',
    query: ImportListQuery,
    response: z.array(ImportRecord),
  }),
  /** One run: its progress while running, its report when done. */
  get: endpoint({ method: 'GET', path: '/api/imports/:id', params: IdParams, response: ImportRecord }),
};
