import type { ProjectSessionBody } from '@domain/contract';
import type { z } from 'zod';
import type { DB } from '../../db';

/** The project's sessions (not the setup one), newest first. */
export const listSessions = (db: DB, projectId: number) =>
  db
    .selectFrom('projectSessions')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('isSetup', '=', false)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertSession = (db: DB, projectId: number, body: z.infer<typeof ProjectSessionBody>) =>
  db
    .insertInto('projectSessions')
    .values({ projectId, isSetup: false, ...body })
    .returningAll()
    .executeTakeFirstOrThrow();

export type SessionRow = Awaited<ReturnType<typeof insertSession>>;
