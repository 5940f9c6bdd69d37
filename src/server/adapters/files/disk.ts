import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileMeta, FileStore, StoredFile } from './index';

/** Longest key accepted (Azure allows 1024 characters; file systems 255 per path segment). */
const MAX_KEY_LENGTH = 200;
/** Segments of letters, digits, '.', '_', '-' separated by '/', each starting with a letter or digit. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Throws unless `key` is a safe storage key: relative, '/'-separated segments that each start with a
 * letter or digit — so no '..', no '.', no absolute path, no backslash, no empty segment, no hidden file.
 * Every store checks it, so a key means the same file on disk and in Azure.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw new Error(`Invalid file key: ${JSON.stringify(String(key).slice(0, MAX_KEY_LENGTH))}`);
  }
}

const isMissing = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Files on local disk: `<dataDir>/files/<key>`, with `{ contentType, fileName }` in
 * `<dataDir>/files/.meta/<key>.json`. Keys never start a segment with '.', so `.meta` and `.tmp` cannot
 * collide with a key. A write goes to `.tmp/` first and is renamed into place, so a reader sees the old
 * file or the new one, never half of one. Not shared between machines: production uses Azure Blob Storage.
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'files');
  }

  private dataPath(key: string) {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaPath(key: string) {
    return path.join(this.root, '.meta', ...key.split('/')) + '.json';
  }

  async put(key: string, body: Buffer | Readable, meta: FileMeta): Promise<{ size: number }> {
    const target = this.dataPath(key);
    const tmpDir = path.join(this.root, '.tmp');
    await fsp.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, crypto.randomUUID());
    const tmpMeta = `${tmp}.json`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      const { size } = await fsp.stat(tmp);
      await fsp.writeFile(
        tmpMeta,
        JSON.stringify({ contentType: meta.contentType, fileName: meta.fileName }),
      );
      const metaTarget = this.metaPath(key);
      await fsp.mkdir(path.dirname(metaTarget), { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmpMeta, metaTarget);
      await fsp.rename(tmp, target);
      return { size };
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      await fsp.rm(tmpMeta, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const file = this.dataPath(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
    try {
      const { size } = await handle.stat();
      let meta: Partial<FileMeta> = {};
      try {
        meta = JSON.parse(await fsp.readFile(this.metaPath(key), 'utf8')) as Partial<FileMeta>;
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
      // the open handle keeps the bytes readable even if the file is replaced or deleted meanwhile
      const stream = handle.createReadStream({ autoClose: true });
      return {
        stream,
        size,
        contentType: meta.contentType ?? 'application/octet-stream',
        fileName: meta.fileName ?? path.basename(file),
      };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const file = this.dataPath(key);
    let existed = true;
    try {
      await fsp.unlink(file);
    } catch (e) {
      if (!isMissing(e)) throw e;
      existed = false;
    }
    await fsp.rm(this.metaPath(key), { force: true });
    return existed;
  }
}

/**
 * Files in memory, for tests and the in-memory database (DATA_DIR 'memory://'); lost on exit and
 * private to the process.
 */
export class MemoryFileStore implements FileStore {
  readonly kind = 'memory' as const;
  private readonly files = new Map<string, { data: Buffer; meta: FileMeta }>();

  async put(key: string, body: Buffer | Readable, meta: FileMeta): Promise<{ size: number }> {
    assertValidKey(key);
    let data: Buffer;
    if (Buffer.isBuffer(body)) data = Buffer.from(body);
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of body)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      data = Buffer.concat(chunks);
    }
    this.files.set(key, { data, meta: { contentType: meta.contentType, fileName: meta.fileName } });
    return { size: data.length };
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertValidKey(key);
    const f = this.files.get(key);
    if (!f) return undefined;
    return { stream: Readable.from(f.data.length ? [f.data] : []), size: f.data.length, ...f.meta };
  }

  async delete(key: string): Promise<boolean> {
    assertValidKey(key);
    return this.files.delete(key);
  }
}
