import { sql } from 'kysely';
import { SCOPES } from '@domain/constants';
import type { DB } from '../../db';
import { httpError } from '../../http';

/**
 * The people directory's invariants, shared by every writer of people (provisioning over SCIM, the People screen,
 * the sign-in's app roles and just-in-time people, the import). Call them inside the writer's transaction.
 */

/** Where a change of a person came from (people_history.source, professionals.source). */
export type PeopleSource = 'scim' | 'sign-in' | 'import' | 'manual';

/** The scopes a provisioned group grants by default: the scope whose name is its displayName (case ignored). */
export function defaultGroupScopes(displayName: string): string[] {
  const name = displayName.trim().toLowerCase();
  return Object.values(SCOPES).filter((s) => s.toLowerCase() === name);
}

/**
 * Recomputes the effective `scopes` of the given professionals: the ones granted by hand (`manual_scopes`) ∪ the
 * scopes of the provisioned groups they belong to ∪ their sign-in token's app roles (`token_scopes`). Only rows
 * whose scopes change are written (their version steps). Returns the ids whose scopes changed.
 */
export async function recomputeScopes(trx: DB, professionalIds: readonly number[]): Promise<number[]> {
  if (professionalIds.length === 0) return [];
  const ids = [...new Set(professionalIds)];
  const rows = await sql<{ id: number }>`
    with next as (
      select p.id,
        coalesce(array(
          select distinct s from unnest(
            p.manual_scopes || p.token_scopes || coalesce((
              select array_agg(gs) from scim_group_members m
              join scim_groups g on g.id = m.group_id, unnest(g.scopes) gs
              where m.professional_id = p.id), '{}')
          ) s order by s), '{}') as scopes
      from professionals p where p.id = any(${ids}::int[])
    )
    update professionals p set scopes = next.scopes, version = p.version + 1, updated_at = now()
    from next where next.id = p.id and p.scopes is distinct from next.scopes
    returning p.id`.execute(trx);
  return rows.rows.map((r) => r.id);
}

/** Every active professional holding Admin (the portal needs at least one). */
export async function activeAdminCount(trx: DB): Promise<number> {
  const row = await trx
    .selectFrom('professionals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isActive', '=', true)
    .where(sql<boolean>`${SCOPES.admin} = any(scopes)`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The advisory lock that serialises changes which could remove the last administrator. */
const ADMINS_LOCK = 72_530_010;

/** Takes the administrators' lock for the transaction (before reading or changing who holds Admin). */
export async function lockAdmins(trx: DB) {
  await sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(trx);
}

/**
 * Refuses (409, nothing written: the caller's transaction rolls back) a change after which no active professional
 * holds Admin. Call it inside the transaction, after the change, holding `lockAdmins`.
 */
export async function assertAnAdminRemains(trx: DB, what = 'This change') {
  if ((await activeAdminCount(trx)) === 0)
    throw httpError(
      409,
      `${what} would leave the portal without an active administrator: grant Admin to someone else first`,
    );
}

export interface PeopleChange {
  professionalId: number;
  source: PeopleSource;
  /** Who: a provisioning token's name, or the professional's name. */
  actor: string | null;
  actorId?: number | null;
  /** For a person: "Provisioned", "Deactivated", "Scopes: + Admin", … */
  summary: string;
  /** Field → [before, after]. */
  changes?: Record<string, [unknown, unknown]>;
}

/** Records changes of people in their history (in the writer's transaction). */
export async function recordPeopleChange(trx: DB, change: PeopleChange | PeopleChange[]) {
  const rows = [change].flat();
  if (rows.length === 0) return;
  await trx
    .insertInto('peopleHistory')
    .values(
      rows.map((c) => ({
        professionalId: c.professionalId,
        source: c.source,
        actor: c.actor,
        actorId: c.actorId ?? null,
        summary: c.summary.slice(0, 500),
        changes: c.changes ? JSON.stringify(c.changes) : null,
      })),
    )
    .execute();
}
