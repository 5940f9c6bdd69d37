import { sql } from 'kysely';
import { SCOPES } from '@domain/constants';
import type { DB } from './index';

/** Serialises replicas bootstrapping the first administrator at once. */
const BOOTSTRAP_LOCK = 72_530_002;

/**
 * The first administrator of a firm's portal (PORTAL_ADMIN_EMAIL): when no active professional holds Admin,
 * the professional with that e-mail is made active with Admin (created when missing; login = the address's
 * local part). Once anyone holds Admin it does nothing, so it never re-grants what an administrator removed.
 * Returns what it did.
 */
export async function bootstrapAdmin(
  db: DB,
  admin: { email: string; name: string },
): Promise<'created' | 'granted' | 'unchanged'> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    const holder = await trx
      .selectFrom('professionals')
      .select('id')
      .where('isActive', '=', true)
      .where(sql<boolean>`${SCOPES.admin} = any(scopes)`)
      .limit(1)
      .executeTakeFirst();
    if (holder) return 'unchanged';
    const existing = await trx
      .selectFrom('professionals')
      .select(['id', 'scopes'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', admin.email.toLowerCase()))
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('professionals')
        .set({ isActive: true, scopes: [...new Set([...(existing.scopes ?? []), SCOPES.admin])] })
        .where('id', '=', existing.id)
        .execute();
      return 'granted';
    }
    const local = admin.email.split('@')[0]!.toLowerCase();
    const taken = await trx
      .selectFrom('professionals')
      .select('id')
      .where('login', '=', local)
      .executeTakeFirst();
    await trx
      .insertInto('professionals')
      .values({
        name: admin.name,
        email: admin.email,
        login: taken ? admin.email.toLowerCase() : local,
        isActive: true,
        scopes: [SCOPES.admin],
        jobTitle: 'Administrator',
      })
      .execute();
    return 'created';
  });
}
