import { weeklyStatus } from '@web/api/endpoints/weekly-status';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET api/weekly-status/{id}/file?signed=0|1 (blob; x-file-name gives the name): the signed or not signed file. */
export const weeklyStatusFile = (id: number, signed: boolean): FileRef => ({
  path: apiPath(weeklyStatus.file, { params: { id }, query: { signed: signed ? 1 : 0 } }),
  name: signed ? 'weekly-status-signed.pdf' : 'weekly-status.pdf',
});
