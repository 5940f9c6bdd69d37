import { BlobServiceClient, RestError, type ContainerClient } from '@azure/storage-blob';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey } from './disk';
import type { FileMeta, FileStore, StoredFile } from './index';

/** Bytes per block when a stream is uploaded (the SDK buffers at most bufferSize × concurrency). */
const STREAM_BLOCK_SIZE = 4 * 1024 * 1024;
const STREAM_CONCURRENCY = 2;

const isNotFound = (e: unknown) => e instanceof RestError && e.statusCode === 404;

/**
 * Files in Azure Blob Storage (production; tested against Azurite): one block blob per key in one
 * container, created on first use when missing. The original file name travels as blob metadata
 * (URI-encoded: metadata are HTTP headers, ASCII only), the content type as the blob's Content-Type.
 */
export class AzureBlobFileStore implements FileStore {
  readonly kind = 'azure' as const;
  readonly container: ContainerClient;
  private ready: Promise<void> | undefined;

  constructor(opts: { connectionString: string; container: string }) {
    this.container = BlobServiceClient.fromConnectionString(opts.connectionString).getContainerClient(
      opts.container,
    );
  }

  /** Creates the container once per process (again after a failure). */
  private ensureContainer(): Promise<void> {
    this.ready ??= this.container.createIfNotExists().then(
      () => undefined,
      (e: unknown) => {
        this.ready = undefined;
        throw e;
      },
    );
    return this.ready;
  }

  async put(key: string, body: Buffer | Readable, meta: FileMeta): Promise<{ size: number }> {
    assertValidKey(key);
    await this.ensureContainer();
    const blob = this.container.getBlockBlobClient(key);
    const options = {
      blobHTTPHeaders: { blobContentType: meta.contentType },
      metadata: { filename: encodeURIComponent(meta.fileName) },
    };
    if (Buffer.isBuffer(body)) {
      await blob.uploadData(body, options);
      return { size: body.length };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // a source error reaches the upload through the counting stream; an upload error stops the source
    const upload = blob
      .uploadStream(counter, STREAM_BLOCK_SIZE, STREAM_CONCURRENCY, options)
      .catch((e: unknown) => {
        counter.destroy(e as Error);
        throw e;
      });
    await Promise.all([pipeline(body, counter), upload]);
    return { size };
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertValidKey(key);
    try {
      const res = await this.container.getBlobClient(key).download(0);
      const stream = res.readableStreamBody;
      if (!stream) throw new Error(`Azure Blob Storage returned no body for ${key}`);
      const encoded = res.metadata?.filename;
      let fileName = key.split('/').pop()!;
      if (encoded) {
        try {
          fileName = decodeURIComponent(encoded);
        } catch {
          fileName = encoded;
        }
      }
      return {
        stream: stream instanceof Readable ? stream : Readable.from(stream),
        size: res.contentLength ?? 0,
        contentType: res.contentType ?? 'application/octet-stream',
        fileName,
      };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      const res = await this.container.getBlobClient(key).deleteIfExists();
      return res.succeeded;
    } catch (e) {
      if (isNotFound(e)) return false; // no container yet: no file
      throw e;
    }
  }
}
