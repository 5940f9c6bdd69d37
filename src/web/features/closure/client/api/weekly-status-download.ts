import { weeklyStatus } from '@web/api/endpoints/weekly-status';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET api/weekly-status/project/{id}/download: every signed weekly status of the project as one PDF. */
export const signedWeeklyStatusesFile = (projectId: number): FileRef => ({
  path: apiPath(weeklyStatus.signedFiles, { params: { projectId } }),
  name: 'signed-weekly-statuses.pdf',
});
