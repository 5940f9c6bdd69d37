import type { Readable } from 'node:stream';
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
  readonly kind: 'disk' | 'memory' | 'azure';
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
}

export const DEFAULT_CONTAINER = 'portal-files';

/** Azure Blob Storage when a connection string is configured, otherwise the data directory. */
export async function createFileStore(opts: FileStoreOptions): Promise<FileStore> {
  if (opts.azureStorageConnectionString) {
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
