import { weeklyStatus } from '@web/api/endpoints/weekly-status';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';

export const signedWeeklyStatusesPath = (projectId: number) =>
  apiPath(weeklyStatus.signedFiles, { params: { projectId } });

/** GET api/weekly-status/project/{id}/download: every signed weekly status of the project as one PDF. */
export const downloadSignedWeeklyStatuses = (projectId: number) =>
  getHost().download(signedWeeklyStatusesPath(projectId), 'signed-weekly-statuses.pdf');
