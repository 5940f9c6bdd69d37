import { apiSend } from '@web/api/client';

/** POST api/weekly-status/{id}/resend: the signing e-mails again (sent, own-document path; 001 §4). */
export const resendWeeklyStatus = (id: number) => apiSend('POST', `/api/weekly-status/${id}/resend`);
