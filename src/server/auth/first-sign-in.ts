import { sql } from 'kysely';
import { SCOPES } from '@domain/constants';
import type { Config } from '../config';
import type { DB } from '../db';
import { recomputeScopes, recordPeopleChange } from '../modules/people/directory.service';
import type { VerifiedIdentity } from './identity';

/**
 * What the sign-in does for tenants that do not provision people over SCIM (both off by default):
 * - AUTH_ROLES_FROM_TOKEN: the Entra token's app roles become the person's `token_scopes`, which join the scopes
 *   granted in the portal (by hand or by provisioned groups) in their effective scopes;
 * - PEOPLE_JUST_IN_TIME: a member of the tenant who is not yet a professional becomes one, with no scope.
 */

const KNOWN_SCOPES: readonly string[] = Object.values(SCOPES);

/** The professional of a verified identity, whatever their status: by e-mail, then by Entra object id. */
export async function findIdentityProfessional(db: DB, identity: VerifiedIdentity) {
  const byEmail = await db
    .selectFrom('professionals')
    .select(['id', 'isActive'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', identity.email.toLowerCase()))
    .executeTakeFirst();
  if (byEmail || !identity.objectId) return byEmail;
  return db
    .selectFrom('professionals')
    .select(['id', 'isActive'])
    .where(sql<string>`lower(entra_object_id)`, '=', identity.objectId.toLowerCase())
    .executeTakeFirst();
}

/** Whether PEOPLE_JUST_IN_TIME may make this identity a professional: an Entra member of the portal's tenant. */
export function mayJoinJustInTime(config: Pick<Config, 'entra' | 'people'>, identity: VerifiedIdentity) {
  return Boolean(
    config.people.justInTime &&
    config.entra &&
    identity.objectId &&
    identity.tenantId === config.entra.tenantId &&
    identity.guest === false,
  );
}

/** The login of a new professional: the e-mail's local part, or the whole e-mail when that is taken. */
async function freeLogin(db: DB, email: string) {
  const local = email.split('@')[0]!.toLowerCase();
  const taken = await db
    .selectFrom('professionals')
    .select('id')
    .where('login', '=', local)
    .executeTakeFirst();
  return taken ? email.toLowerCase() : local;
}

/** Makes a tenant member a professional at their first sign-in (no scope); returns the new id. */
export async function createJustInTime(db: DB, identity: VerifiedIdentity): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('professionals')
      .values({
        name: identity.name?.trim() || identity.email,
        email: identity.email.toLowerCase(),
        login: await freeLogin(trx, identity.email),
        entraObjectId: identity.objectId ?? null,
        entraTenantId: identity.tenantId ?? null,
        source: 'sign-in',
        isActive: true,
      })
      // two first sign-ins at once: the other one made them
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const existing = await findIdentityProfessional(trx, identity);
      if (!existing) throw new Error('the professional could not be created');
      return existing.id;
    }
    await recordPeopleChange(trx, {
      professionalId: row.id,
      source: 'sign-in',
      actor: identity.email,
      summary: 'Joined at first sign-in (Microsoft Entra ID)',
    });
    return row.id;
  });
}

/** The app roles of the token that are portal scopes, in the scopes' order. */
export const scopesOfRoles = (roles: readonly string[] | undefined) =>
  KNOWN_SCOPES.filter((s) => (roles ?? []).some((r) => r.toLowerCase() === s.toLowerCase()));

/**
 * AUTH_ROLES_FROM_TOKEN: records the token's app roles as the person's token scopes (and their effective scopes)
 * when they differ from the last sign-in's, with a history line.
 */
export async function applyTokenRoles(db: DB, professionalId: number, identity: VerifiedIdentity) {
  const next = scopesOfRoles(identity.roles);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('professionals')
      .select('tokenScopes')
      .where('id', '=', professionalId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const before = [...(row.tokenScopes ?? [])].sort();
    if (before.join() === [...next].sort().join()) return;
    await trx
      .updateTable('professionals')
      .set({ tokenScopes: next })
      .where('id', '=', professionalId)
      .execute();
    await recomputeScopes(trx, [professionalId]);
    await recordPeopleChange(trx, {
      professionalId,
      source: 'sign-in',
      actor: identity.email,
      summary: `App roles at sign-in: ${next.length ? next.join(', ') : 'none'}`,
      changes: { tokenScopes: [before, next] },
    });
  });
}
