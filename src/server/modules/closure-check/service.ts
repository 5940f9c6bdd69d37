import {
  CHECK_OPTIONS,
  CHECKLIST_CHECKS,
  CHECKLIST_DEFAULTS,
  SEND_WARNING_OPTIONS,
  type ClosureChecklist,
  type ClosureChecklistPut,
  type ClosureChecklistRecord,
  type KnmChecklistRow,
} from '@domain/contract';
import { PROJECT_STATUS } from '@domain/constants';
import type { RuleUser } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { recordChange } from '../../platform/history';
import { projectExists } from '../projects/service';
import * as repo from './repo';

/**
 * The KNM Project Check List (spec 002 §2.10, §3 "Project closure checklist", §7 "GET and PUT
 * /api/project-closure-check/project/{id}"). The grid lists the projects in Closure and Closed (the checklist is
 * about closing a project); a project without a row answers the defaults at version 1 and its first PUT creates
 * the row. Each changed field goes into the project's history (area 'KNM checklist').
 */

const AREA = 'KNM checklist';
const LABELS: Record<keyof ClosureChecklist, string> = {
  ...(Object.fromEntries(CHECKLIST_CHECKS.map((c) => [c.key, c.label])) as Record<
    (typeof CHECKLIST_CHECKS)[number]['key'],
    string
  >),
  checkSendWarning: 'Send Warning',
  logoAuthorization: 'Logo Authorization',
};
const FIELDS = Object.keys(LABELS) as (keyof ClosureChecklist)[];

/** How the history shows a value (the dialog's words). */
function shown(field: keyof ClosureChecklist, value: number | boolean): string {
  if (field === 'logoAuthorization') return value ? 'Yes' : 'No';
  const options = field === 'checkSendWarning' ? SEND_WARNING_OPTIONS : CHECK_OPTIONS;
  return options.find((o) => o.value === value)?.label ?? String(value);
}

/** GET /api/knm-checklist: the grid's rows (Closure and Closed projects, by code; not paged). */
export async function list(db: DB): Promise<KnmChecklistRow[]> {
  const rows = await repo.listChecklistProjects(db);
  return rows.map((r) => ({
    idProject: r.id,
    projectCode: r.code,
    projectName: r.name,
    clientName: r.clientName ?? null,
    idStatus: r.idStatus,
    statusName: PROJECT_STATUS[r.idStatus]?.adminLabel ?? String(r.idStatus),
    hasChecklist: r.checklistOf !== null,
  }));
}

/** The project's checklist, or the defaults at version 1 when it has none; 404 for an unknown project. */
export async function get(db: DB, projectId: number): Promise<ClosureChecklistRecord> {
  const row = await repo.findChecklist(db, projectId);
  if (row) {
    const { version, ...values } = row;
    return { idProject: projectId, ...(values as ClosureChecklist), version };
  }
  if (!(await projectExists(db, projectId))) throw httpError(404, `Project ${projectId} not found`);
  return { idProject: projectId, ...CHECKLIST_DEFAULTS, version: 1 };
}

/**
 * PUT: the whole checklist. With If-Match only while the record is at that version (412 with the current one);
 * a body equal to a stored record changes nothing (same version); the first write creates the row (version 2).
 */
export async function put(
  db: DB,
  user: RuleUser,
  projectId: number,
  body: ClosureChecklistPut,
  expected: number | undefined,
): Promise<{ changed: boolean; current: ClosureChecklistRecord }> {
  const before = await get(db, projectId);
  if (expected !== undefined && expected !== before.version) return { changed: false, current: before };
  const next = Object.fromEntries(FIELDS.map((f) => [f, body[f]])) as unknown as ClosureChecklist;
  const changed = FIELDS.filter((f) => next[f] !== before[f]);
  const exists = !!(await repo.findChecklist(db, projectId));
  if (exists && changed.length === 0) return { changed: true, current: before };

  const written = await db.transaction().execute(async (trx) => {
    const ok = exists
      ? await repo.updateChecklist(trx, projectId, next, before.version)
      : await repo.insertChecklist(trx, projectId, next);
    if (ok)
      await recordChange(
        trx,
        changed.map((f) => ({
          projectId,
          by: user.professionalId,
          area: AREA,
          action: 'changed' as const,
          subject: `${LABELS[f]}: ${shown(f, next[f])}`,
        })),
      );
    return ok;
  });
  return { changed: written, current: await get(db, projectId) };
}
