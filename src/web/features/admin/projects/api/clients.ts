import { master } from '@web/api/endpoints/master';
import { queryOf } from '@web/api/entity-query';
import { adminProjectKeys } from './keys';

/** GET /api/clients (002 §7): id and name of every client (the dialog's Client choice). */
const clientsQuery = queryOf(master.clientNames, adminProjectKeys.clients(), { staleTime: 10 * 60_000 });
export const clientsQueryOptions = clientsQuery.options;
export const useClients = clientsQuery.useList;
