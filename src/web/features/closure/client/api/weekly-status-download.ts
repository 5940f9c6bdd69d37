import { getHost } from '@web/host';

export const signedWeeklyStatusesPath = (projectId: number) =>
  `/api/weekly-status/project/${projectId}/download`;

/** GET api/weekly-status/project/{id}/download: every signed weekly status of the project as one PDF. */
export const downloadSignedWeeklyStatuses = (projectId: number) =>
  getHost().download(signedWeeklyStatusesPath(projectId), 'signed-weekly-statuses.pdf');
