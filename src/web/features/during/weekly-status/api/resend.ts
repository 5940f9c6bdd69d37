import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';

/** POST api/weekly-status/{id}/resend: the signing e-mails again (sent, own-document path; 001 §4). */
export const resendWeeklyStatus = (id: number) => api(E.resend, { params: { id } });
