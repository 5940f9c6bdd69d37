import { masterAdmin } from '@web/api/endpoints/master-admin';
import { queryOf } from '@web/api/entity-query';
import { masterDataKeys } from './keys';

/** GET /api/admin/master-data: every list with its counts of active and inactive items and its version. */
const overviewQuery = queryOf(masterAdmin.overview, masterDataKeys.overview());
export const overviewQueryOptions = overviewQuery.options;
export const useMasterOverview = overviewQuery.useList;
