import type { Selectable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';
import { projectRecordRepo, type ProjectRecordValues } from '../../platform/project-record';

/** Closure Internal (spec 002 §2.6, §3): the project's `closure_internal` row and what its files and lookups need. */

/** The project's record: find, ensure (created with its defaults: everything empty, Not started), update. */
export const closure = projectRecordRepo('closureInternal');
export type ClosureRow = Selectable<Database['closureInternal']>;
export type ClosureValues = ProjectRecordValues<'closureInternal'>;

/** The methodologies with these ids (to refuse unknown, excluded and "No Methodology" choices). */
export const methodologies = (db: DB, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('methodologies').select(['id', 'name']).where('id', 'in', ids).execute();

/** The project's portal stakeholders (002 §3 portal stakeholder contact), to prefill the CRM template. */
export const portalStakeholders = (db: DB, projectId: number) =>
  db
    .selectFrom('sessionStakeholders')
    .select(['id', 'name', 'position', 'language'])
    .where('projectId', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();
