import type { Readable } from 'node:stream';
import type { DB } from '../../db';
import { assertValidKey, DiskFileStore, MemoryFileStore } from './disk';

/**
 * File storage: uploaded and generated files (proposals, signed documents, support material) kept
 * under keys the server generates (`newFileKey` in src/server/platform/files.ts).
 *
 * Two implementations behind one interface, both covered by the same contract tests
 * (tests/server/adapters/files.test.ts):
 * - local disk (default): `<DATA_DIR>/files/<key>`, metadata beside it; 'memory://' keeps files in memory
 *   (tests, the in-memory database);
 * - Azure Blob Storage when `AZURE_STORAGE_CONNECTION_STRING` is set: one blob per key in the container
 *   `AZURE_STORAGE_CONTAINER` (default "portal-files"), created when missing. What production uses, so
 *   any number of server replicas see the same files.
 * - PostgreSQL (`FILE_STORE=postgres`, the default with `DATABASE_URL` and no Azure): one row per key in
 *   `file_contents`, so replicas without Blob Storage still share every file. Disk with `DATABASE_URL`
 *   only when `FILE_STORE=disk` says the folder is shared by every replica.
 *
 * The database records which key belongs to what (table `stored_files`); the store only keeps bytes,
 * the content type and the original file name.
 */
export interface FileMeta {
  contentType: string;
  /** The original file name (any Unicode), given back on download. */
  fileName: string;
}

export interface StoredFile extends FileMeta {
  /** The bytes, read as they are sent: never the whole file in memory. */
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface FileStore {
  readonly kind: 'disk' | 'memory' | 'azure' | 'postgres';
  /** Stores (or replaces) the file under `key`; resolves once it is stored. Returns the size in bytes. */
  put(key: string, body: Buffer | Readable, meta: FileMeta): Promise<{ size: number }>;
  /** The file, or undefined when no file has that key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; false when there was none. */
  delete(key: string): Promise<boolean>;
}

/** Options of `createFileStore`: the fields of the server config (`Config`) that choose the store. */
export interface FileStoreOptions {
  /** DATA_DIR: files go to `<dataDir>/files/`; 'memory://' keeps them in memory. */
  dataDir: string;
  /** AZURE_STORAGE_CONNECTION_STRING: when set, files go to Azure Blob Storage. */
  azureStorageConnectionString?: string;
  /** AZURE_STORAGE_CONTAINER (default "portal-files"). */
  azureStorageContainer?: string;
  /** FILE_STORE (resolved by loadConfig): which store; default Azure when a connection string is set, else disk. */
  fileStore?: 'azure' | 'postgres' | 'disk';
  /** The database (needed by the PostgreSQL store). */
  db?: DB;
}

export const DEFAULT_CONTAINER = 'portal-files';

/** The store `fileStore` names: Azure Blob Storage, PostgreSQL, or the data directory ('memory://': memory). */
export async function createFileStore(opts: FileStoreOptions): Promise<FileStore> {
  const kind = opts.fileStore ?? (opts.azureStorageConnectionString ? 'azure' : 'disk');
  if (kind === 'postgres') {
    if (!opts.db) throw new Error('files: the PostgreSQL file store needs the database');
    const { PostgresFileStore } = await import('./postgres');
    return new PostgresFileStore(opts.db);
  }
  if (kind === 'azure') {
    if (!opts.azureStorageConnectionString)
      throw new Error('files: FILE_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING');
    const { AzureBlobFileStore } = await import('./azure-blob');
    return new AzureBlobFileStore({
      connectionString: opts.azureStorageConnectionString,
      container: opts.azureStorageContainer || DEFAULT_CONTAINER,
    });
  }
  if (opts.dataDir === 'memory://') return new MemoryFileStore();
  return new DiskFileStore(opts.dataDir);
}

export { assertValidKey, DiskFileStore, MemoryFileStore };
