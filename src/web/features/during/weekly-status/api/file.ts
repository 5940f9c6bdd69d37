import { weeklyStatus } from '@web/api/endpoints/weekly-status';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';

/** GET api/weekly-status/{id}/file?signed=0|1 (blob; x-file-name gives the name). */
export const weeklyStatusFilePath = (id: number, signed: boolean) =>
  apiPath(weeklyStatus.file, { params: { id }, query: { signed: signed ? 1 : 0 } });

/** Downloads the signed (1) or not signed (0) file through the host (browser blob, Teams link). */
export const downloadWeeklyStatusFile = (id: number, signed: boolean) =>
  getHost().download(
    weeklyStatusFilePath(id, signed),
    signed ? 'weekly-status-signed.pdf' : 'weekly-status.pdf',
  );
