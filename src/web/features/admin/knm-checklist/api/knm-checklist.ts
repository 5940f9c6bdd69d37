import type { KnmChecklistRow } from '@domain/contract';
import { closureCheck } from '@web/api/endpoints/closure-check';
import { queryOf } from '@web/api/entity-query';
import { knmChecklistKeys } from './keys';

export type { KnmChecklistRow };

/** GET /api/knm-checklist: the projects in Closure or Closed with their client (the Project Check List grid). */
const knmChecklistQuery = queryOf(closureCheck.list, knmChecklistKeys.list());
export const useKnmChecklist = knmChecklistQuery.useList;

/** The navigation tree's prefetch of /admin/knm-checklist. */
export const prefetchKnmChecklist = knmChecklistQuery.prefetch;
