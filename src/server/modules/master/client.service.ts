import type { ClientPut, ClientRecord, KnmClientSegmentsBody } from '@domain/contract';
import { SCOPES } from '@domain/constants';
import { RULES, canEditSetup, hasAnyScope, isAdmin, type RuleUser } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { loadProjectAccess } from '../../platform/access';
import { recordChange } from '../../platform/history';
import { sanitizeRichTextOrNull } from '../../platform/sanitize';
import * as repo from './repo';
import { updateVersioned } from '../../platform/versioned-update';

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

// --- knm: the client's segments (KNM › Edit Client, spec 002 §2.10, §7 DELETE / POST /master/clients/{id}/segments)

/** Replaces the client's segments and bumps its version while it is at `onlyVersion`; whether it was written. */
async function writeSegments(
  db: DB,
  id: number,
  segments: readonly { segmentId: number; segmentLevel: 1 | 2 }[],
  onlyVersion: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await updateVersioned(trx, 'clients', { id }, {}, onlyVersion))) return false;
    await trx.deleteFrom('clientSegments').where('clientId', '=', id).execute();
    if (segments.length > 0)
      await trx
        .insertInto('clientSegments')
        .values(segments.map((s) => ({ clientId: id, segmentId: s.segmentId, segmentLevel: s.segmentLevel })))
        .execute();
    return true;
  });
}

/**
 * Validates a segment list (002 §3: SegmentLevel 1 primary, 2 secondary): every segment known, none twice, at
 * most one primary (our rule: a client's primary segment is the one it is reported under) — 400 otherwise.
 */
async function checkSegments(db: DB, body: KnmClientSegmentsBody) {
  const ids = body.map((s) => s.Segment);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw httpError(400, `Invalid request: segment ${twice} is listed twice`);
  if (body.filter((s) => s.SegmentLevel === 1).length > 1)
    throw httpError(400, 'Invalid request: a client has at most one primary segment');
  if (ids.length === 0) return;
  const known = new Set(
    (await db.selectFrom('segments').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
  );
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw httpError(400, `Invalid request: unknown segment ${unknown.join(', ')}`);
}

/**
 * POST /master/clients/{id}/segments: the client's segments become the list (replace, in one transaction — so the
 * web's DELETE then POST, a POST alone, or a repeated POST all end in the list sent). DELETE …/segments is the
 * empty list. If-Match → only while the client is at that version (412 with the current client otherwise).
 */
export async function replaceSegments(
  db: DB,
  id: number,
  body: KnmClientSegmentsBody,
  expected: number | undefined,
): Promise<{ changed: boolean; current: ClientRecord }> {
  const before = await clientRecord(db, id); // 404 for an unknown client
  await checkSegments(db, body);
  if (expected !== undefined && expected !== before.version) return { changed: false, current: before };
  const written = await writeSegments(
    db,
    id,
    body.map((s) => ({ segmentId: s.Segment, segmentLevel: s.SegmentLevel })),
    expected ?? before.version,
  );
  return { changed: written, current: await clientRecord(db, id) };
}
