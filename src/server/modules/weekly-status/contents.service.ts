import type { z } from 'zod';
import type { WeeklyStatusContent } from '@domain/contract';
import type { ProjectAccess } from '@domain/rules';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { SECTION_LABELS } from './document';
import { assertEditable, change, label, record, type Removal, type Versioned } from './record';
import * as repo from './repo';

/** The weekly status's five sections: list, add, change and delete their blocks while the status is editable. */

/** A content block as answered: always with its id and version. */
export type ContentRecord = WeeklyStatusContent & { id: number; version: number };

const toContent = (row: repo.ContentRow): ContentRecord => ({
  id: row.id,
  type: row.type,
  frontHeader: row.frontHeader,
  name: row.name,
  description: row.description,
  contentStatus: row.contentStatus,
  orderPosition: row.orderPosition,
  version: row.version,
});

type ContentBody = z.infer<typeof WeeklyStatusContent>;
const contentValues = (body: ContentBody): repo.ContentValues => {
  const values: repo.ContentValues = {};
  for (const k of ['frontHeader', 'name', 'description', 'contentStatus'] as const)
    if (body[k] !== undefined) values[k] = body[k];
  return values;
};
const contentSubject = (row: repo.WeeklyStatusRow, type: number, name: string | null | undefined) =>
  `${label(row)}: ${SECTION_LABELS[type]}${name ? ` "${name.slice(0, 150)}"` : ''}`;

export async function listContents(db: DB, weeklyStatusId: number, type: number) {
  await record(db, weeklyStatusId);
  return (await repo.listContents(db, weeklyStatusId, type)).map(toContent);
}

/** POST: appends a block to the section (the next orderPosition). */
export async function createContent(
  db: DB,
  access: ProjectAccess,
  weeklyStatusId: number,
  type: number,
  body: ContentBody,
) {
  return db.transaction().execute(async (trx) => {
    const ws = await record(trx, weeklyStatusId, { forUpdate: true });
    assertEditable(ws);
    const row = await repo.insertContent(trx, weeklyStatusId, type, contentValues(body));
    await change(trx, access, 'added', contentSubject(ws, type, row.name));
    return toContent(row);
  });
}

async function contentOf(trx: DB, id: number) {
  const content = await repo.findContent(trx, id);
  if (!content) throw httpError(404, `Weekly status content ${id} not found`);
  const ws = await record(trx, content.weeklyStatusId, { forUpdate: true });
  return { content, ws };
}

/** PUT: the block's fields (absent ones kept) and its orderPosition, while the weekly status is editable. */
export async function updateContent(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: ContentBody,
  expected?: number,
): Promise<Versioned<ContentRecord>> {
  return db.transaction().execute(async (trx) => {
    const { content, ws } = await contentOf(trx, id);
    if (expected !== undefined && content.version !== expected)
      return { changed: false, current: toContent(content) };
    assertEditable(ws);
    const values = contentValues(body);
    if (body.orderPosition !== undefined) values.orderPosition = body.orderPosition;
    await repo.updateContent(trx, id, values);
    const row = (await repo.findContent(trx, id))!;
    await change(trx, access, 'changed', contentSubject(ws, row.type, row.name));
    return { changed: true, current: toContent(row) };
  });
}

export async function deleteContent(
  db: DB,
  access: ProjectAccess,
  id: number,
  expected?: number,
): Promise<Removal<ContentRecord>> {
  return db.transaction().execute(async (trx) => {
    const { content, ws } = await contentOf(trx, id);
    if (expected !== undefined && content.version !== expected)
      return { removed: false, current: toContent(content) };
    assertEditable(ws);
    await repo.deleteContent(trx, id);
    await change(trx, access, 'removed', contentSubject(ws, content.type, content.name));
    return { removed: true };
  });
}
