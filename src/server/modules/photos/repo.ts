import type { DB } from '../../db';

const columns = ['name', 'photo', 'photoContentType'] as const;

export const photoByLogin = (db: DB, login: string) =>
  db.selectFrom('professionals').select(columns).where('login', '=', login.toLowerCase()).executeTakeFirst();

export const photoByGuid = (db: DB, guid: string) =>
  db
    .selectFrom('professionals')
    .select(columns)
    .where('photoGuid', '=', guid.toLowerCase())
    .executeTakeFirst();
