import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { DB } from '../../db';
import { assertValidKey } from './disk';
import type { FileMeta, FileStore, StoredFile } from './index';

/** Bytes read per statement when a file is streamed out (a file is never read whole into memory). */
const CHUNK = 1024 * 1024;

const toBuffer = (b: Uint8Array | Buffer): Buffer =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * Files in the database (table `file_contents`, one `bytea` row per key): the store of a deployment on a
 * PostgreSQL server without Azure Blob Storage (FILE_STORE=postgres, the default with DATABASE_URL), so a
 * file written through one replica is read through any other. A write replaces the row in one statement
 * (readers see the old file or the new one); reads stream the bytes in 1 MB slices. The portal's files are
 * documents of a few megabytes (uploads are limited per route); Azure Blob Storage remains the store for
 * large volumes.
 */
export class PostgresFileStore implements FileStore {
  readonly kind = 'postgres' as const;

  constructor(private readonly db: DB) {}

  async put(key: string, body: Buffer | Readable, meta: FileMeta): Promise<{ size: number }> {
    assertValidKey(key);
    let content: Buffer;
    if (Buffer.isBuffer(body)) content = body;
    else {
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
      content = Buffer.concat(chunks);
    }
    await this.db
      .insertInto('fileContents')
      .values({
        key,
        contentType: meta.contentType,
        fileName: meta.fileName,
        size: content.length,
        content,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          contentType: meta.contentType,
          fileName: meta.fileName,
          size: content.length,
          content,
          updatedAt: sql`now()`,
        }),
      )
      .execute();
    return { size: content.length };
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertValidKey(key);
    const head = await this.db
      .selectFrom('fileContents')
      .select([
        'contentType',
        'fileName',
        'size',
        sql<Uint8Array>`substring(content from 1 for ${CHUNK})`.as('first'),
      ])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!head) return undefined;
    const db = this.db;
    const size = head.size;
    let offset = 0;
    let first: Buffer | undefined = toBuffer(head.first);
    const stream = new Readable({
      async read() {
        try {
          let chunk: Buffer;
          if (first) {
            chunk = first;
            first = undefined;
          } else {
            if (offset >= size) return void this.push(null);
            const row = await db
              .selectFrom('fileContents')
              .select(sql<Uint8Array>`substring(content from ${offset + 1} for ${CHUNK})`.as('part'))
              .where('key', '=', key)
              .executeTakeFirst();
            if (!row) throw new Error(`file ${key} was removed while it was read`);
            chunk = toBuffer(row.part);
          }
          offset += chunk.length;
          if (chunk.length > 0) this.push(chunk);
          if (offset >= size || chunk.length === 0) this.push(null);
        } catch (e) {
          this.destroy(e as Error);
        }
      },
    });
    return { stream, size, contentType: head.contentType, fileName: head.fileName };
  }

  async delete(key: string): Promise<boolean> {
    assertValidKey(key);
    const res = await this.db.deleteFrom('fileContents').where('key', '=', key).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
