import type { ClientPut, ClientRecord } from '@domain/contract';
import { SCOPES } from '@domain/constants';
import { RULES, canEditSetup, hasAnyScope, isAdmin, type RuleUser } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { loadProjectAccess } from '../../platform/access';
import { recordChange } from '../../platform/history';
import { sanitizeRichTextOrNull } from '../../platform/sanitize';
import * as repo from './repo';

/** Admin and KNW edit any client outside a project (KNM "Edit Client"). */
const editsAnyClient = (user: RuleUser) => isAdmin(user) || hasAnyScope(user, [SCOPES.knw]);

/**
 * Who may PUT /master/clients/{id} (RULES.clientEdit). The path names a client, not a project, so the
 * route's rule admits every signed-in caller and {@link assertMayEditClient} decides with the request's
 * `?projectId=`: with it, as setupEdit on that project (001 §6: the client's description and culture are
 * setup data), which must be the client's; without it, Admin or KNW only.
 */
export const CLIENT_EDIT_RULE = RULES.clientEdit;

/** The client with its version; rich texts as sanitised HTML (001 §2 "editable rich text"). */
export async function clientRecord(db: DB, id: number): Promise<ClientRecord> {
  const c = await repo.findClientRecord(db, id);
  if (!c) throw httpError(404, `Client ${id} not found`);
  const segments = await repo.listClientSegments(db, id);
  return {
    ID: c.id,
    Name: c.name,
    EconomicGroup: c.economicGroup ?? null,
    ClientDescription: sanitizeRichTextOrNull(c.clientDescription),
    ClientCulture: sanitizeRichTextOrNull(c.clientCulture),
    ClientSegments: segments.map((s) => ({
      Segment: { ID: s.id, Name: s.name },
      SegmentLevel: s.segmentLevel as 1 | 2,
    })),
    version: c.version,
  };
}

/** The check of {@link CLIENT_EDIT_RULE}; answers whether the caller edits as one project's setup. */
export async function assertMayEditClient(
  db: DB,
  user: RuleUser,
  clientId: number,
  projectId: number | undefined,
): Promise<{ asSetupOf?: number }> {
  if (projectId === undefined) {
    if (!editsAnyClient(user)) throw httpError(403, CLIENT_EDIT_RULE.denied);
    return {};
  }
  const access = await loadProjectAccess(db, user, projectId); // 404 for an unknown project
  const project = await db
    .selectFrom('projects')
    .select('clientId')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  if (project.clientId !== clientId)
    throw httpError(400, `Invalid request: client ${clientId} is not the client of project ${projectId}`);
  if (!canEditSetup(access.user, access.team, access.project.idStatus))
    throw httpError(403, RULES.setupEdit.denied);
  return { asSetupOf: projectId };
}

const LABELS = {
  Name: 'Name',
  EconomicGroup: 'Economic Group',
  ClientDescription: 'Client Description',
  ClientCulture: 'Client Culture',
} as const;

/**
 * PUT /master/clients/{id}: the whole object with one field changed (merge: missing fields kept). Rich
 * texts are sanitised before they are compared and stored. From a project's setup only the description and
 * the culture may change (other differing fields → 403) unless the caller is Admin or KNW; each changed
 * field goes into that project's history (area 'Client'). If-Match → only while the client is at that
 * version (412 with the current client otherwise).
 */
export async function updateClient(
  db: DB,
  user: RuleUser,
  id: number,
  body: ClientPut,
  projectId: number | undefined,
  expected: number | undefined,
): Promise<{ changed: boolean; current: ClientRecord }> {
  if (body.ID !== undefined && body.ID !== id)
    throw httpError(400, `Invalid request: ID: must be the client of the path (${id})`);
  const before = await clientRecord(db, id);
  const { asSetupOf } = await assertMayEditClient(db, user, id, projectId);

  const next = {
    Name: body.Name ?? before.Name,
    EconomicGroup: body.EconomicGroup !== undefined ? body.EconomicGroup : (before.EconomicGroup ?? null),
    ClientDescription:
      body.ClientDescription !== undefined
        ? sanitizeRichTextOrNull(body.ClientDescription)
        : (before.ClientDescription ?? null),
    ClientCulture:
      body.ClientCulture !== undefined
        ? sanitizeRichTextOrNull(body.ClientCulture)
        : (before.ClientCulture ?? null),
  };
  const changedFields = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter(
    (k) => (next[k] ?? '') !== (before[k] ?? ''),
  );
  if (expected !== undefined && expected !== before.version) return { changed: false, current: before };
  if (changedFields.length === 0) return { changed: true, current: before };
  if (
    asSetupOf !== undefined &&
    !editsAnyClient(user) &&
    changedFields.some((f) => f !== 'ClientDescription' && f !== 'ClientCulture')
  )
    throw httpError(403, "From a project's setup only the client's description and culture can be changed");

  const written = await db.transaction().execute(async (trx) => {
    const ok = await repo.updateClient(
      trx,
      id,
      {
        name: next.Name,
        economicGroup: next.EconomicGroup,
        clientDescription: next.ClientDescription,
        clientCulture: next.ClientCulture,
      },
      expected ?? before.version,
    );
    if (ok && asSetupOf !== undefined)
      await recordChange(
        trx,
        changedFields.map((f) => ({
          projectId: asSetupOf,
          by: user.professionalId,
          area: 'Client',
          action: 'changed' as const,
          subject: LABELS[f],
        })),
      );
    return ok;
  });
  return { changed: written, current: await clientRecord(db, id) };
}
