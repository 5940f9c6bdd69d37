import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobServiceClient } from '@azure/storage-blob';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assertValidKey,
  createFileStore,
  DiskFileStore,
  MemoryFileStore,
  type FileStore,
} from '@server/adapters/files';
import { AzureBlobFileStore } from '@server/adapters/files/azure-blob';
import { loadConfig } from '@server/config';
import { PostgresFileStore } from '@server/adapters/files/postgres';
import { migrateToLatest } from '@server/db/migrate';
import type { DbHandle } from '@server/db';
import { openTestDatabase } from '../helpers';

// One contract, every store: local disk, memory ('memory://') and Azure Blob Storage on Azurite. Azurite
// comes from TEST_AZURE_STORAGE_CONNECTION_STRING (scripts/with-azurite.sh) or, when that is absent, is
// started here as a child process on a free port (in-memory, no telemetry) and stopped after the file.

/** Azurite's documented development account (public, not a secret). */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

let azurite: ChildProcess | undefined;
let azuriteDir: string | undefined;
let azureConnectionString: string;

async function startAzurite(): Promise<string> {
  const require = createRequire(import.meta.url);
  const main = path.join(path.dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  azuriteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-azurite-'));
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      '--extentMemoryLimit',
      '256',
      '--disableTelemetry',
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
    ],
    { cwd: azuriteDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  azurite = child;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /successfully listens on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`azurite exited (${code}): ${out}`)));
    child.once('error', reject);
  });
  return `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=${url}/${DEV_ACCOUNT};`;
}

const tmpDirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  tmpDirs.push(d);
  return d;
};

beforeAll(async () => {
  azureConnectionString = process.env.TEST_AZURE_STORAGE_CONNECTION_STRING || (await startAzurite());
});

afterAll(async () => {
  if (azurite && azurite.exitCode === null) {
    const exited = new Promise((resolve) => azurite!.once('exit', resolve));
    azurite.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (azurite.exitCode === null) azurite.kill('SIGKILL');
  }
  for (const d of [...tmpDirs, ...(azuriteDir ? [azuriteDir] : [])])
    fs.rmSync(d, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const uniqueContainer = () => `portal-test-${crypto.randomBytes(4).toString('hex')}`;

function contract(name: string, make: () => Promise<FileStore> | FileStore) {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await make();
    });

    it('puts a buffer and gets it back with its size, content type and file name', async () => {
      const body = Buffer.from('%PDF-1.4 hello');
      expect(
        await store.put('proposals/a1', body, { contentType: 'application/pdf', fileName: 'Proposal.pdf' }),
      ).toEqual({ size: 14 });
      const got = await store.get('proposals/a1');
      expect(got).toBeDefined();
      expect(got!.size).toBe(14);
      expect(got!.contentType).toBe('application/pdf');
      expect(got!.fileName).toBe('Proposal.pdf');
      expect((await readAll(got!.stream)).toString()).toBe('%PDF-1.4 hello');
    });

    it('takes a stream as the body', async () => {
      const chunks = ['one,', 'two,', 'three'].map((s) => Buffer.from(s));
      const res = await store.put('streams/s1', Readable.from(chunks), {
        contentType: 'text/csv',
        fileName: 'list.csv',
      });
      expect(res.size).toBe(13);
      const got = await store.get('streams/s1');
      expect(got!.size).toBe(13);
      expect((await readAll(got!.stream)).toString()).toBe('one,two,three');
    });

    it('answers undefined for a key that was never stored', async () => {
      expect(await store.get('proposals/never-stored')).toBeUndefined();
      expect(await store.get('nowhere/at/all')).toBeUndefined();
    });

    it('overwrites: the second put wins, bytes and meta', async () => {
      await store.put('over/k', Buffer.from('first version, longer'), {
        contentType: 'text/plain',
        fileName: 'a.txt',
      });
      await store.put('over/k', Buffer.from('second'), { contentType: 'application/pdf', fileName: 'b.pdf' });
      const got = await store.get('over/k');
      expect(got!.size).toBe(6);
      expect(got!.contentType).toBe('application/pdf');
      expect(got!.fileName).toBe('b.pdf');
      expect((await readAll(got!.stream)).toString()).toBe('second');
    });

    it('deletes: true for a stored file, then false, and the file is gone', async () => {
      await store.put('del/k', Buffer.from('bye'), { contentType: 'text/plain', fileName: 'bye.txt' });
      expect(await store.delete('del/k')).toBe(true);
      expect(await store.get('del/k')).toBeUndefined();
      expect(await store.delete('del/k')).toBe(false);
      expect(await store.delete('del/never')).toBe(false);
    });

    it('keeps non-ASCII file names exactly', async () => {
      const fileName = 'Proposta São Paulo — sócio «Gestão» 日本.pdf';
      await store.put('names/n1', Buffer.from('x'), { contentType: 'application/pdf', fileName });
      const got = await store.get('names/n1');
      expect(got!.fileName).toBe(fileName);
      got!.stream.destroy();
    });

    it('round-trips 1 MB of binary data byte for byte, streamed in and out', async () => {
      const data = crypto.randomBytes(1024 * 1024);
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.length; i += 65536) chunks.push(data.subarray(i, i + 65536));
      expect(
        (
          await store.put('big/b1', Readable.from(chunks), {
            contentType: 'application/octet-stream',
            fileName: 'big.bin',
          })
        ).size,
      ).toBe(data.length);
      const got = await store.get('big/b1');
      expect(got!.size).toBe(data.length);
      const back = await readAll(got!.stream);
      expect(back.length).toBe(data.length);
      expect(sha(back)).toBe(sha(data));
      // and from a buffer
      await store.put('big/b2', data, { contentType: 'application/octet-stream', fileName: 'big.bin' });
      expect(sha(await readAll((await store.get('big/b2'))!.stream))).toBe(sha(data));
    });

    it('stores an empty file', async () => {
      await store.put('empty/e', Buffer.alloc(0), { contentType: 'text/plain', fileName: 'empty.txt' });
      const got = await store.get('empty/e');
      expect(got!.size).toBe(0);
      expect((await readAll(got!.stream)).length).toBe(0);
    });

    it('refuses keys that could leave the store (no path traversal)', async () => {
      for (const bad of [
        '../escape',
        'a/../../escape',
        '/etc/passwd',
        'a\\b',
        '',
        'a//b',
        '.hidden',
        'a/./b',
        'a/',
        'é',
      ]) {
        await expect(
          store.put(bad, Buffer.from('x'), { contentType: 'text/plain', fileName: 'x' }),
          bad,
        ).rejects.toThrow(/Invalid file key/);
        await expect(store.get(bad), bad).rejects.toThrow(/Invalid file key/);
        await expect(store.delete(bad), bad).rejects.toThrow(/Invalid file key/);
      }
    });
  });
}

contract('disk', () => new DiskFileStore(tmpDir()));
contract('memory', () => new MemoryFileStore());
// the store of replicas on a PostgreSQL server without Blob Storage (embedded PGlite here; the same SQL runs on
// a PostgreSQL server in npm run test:pg)
let pgHandle: DbHandle | undefined;
afterAll(() => pgHandle?.close());
contract('PostgreSQL (file_contents)', async () => {
  pgHandle = await openTestDatabase();
  await migrateToLatest(pgHandle.db);
  return new PostgresFileStore(pgHandle.db);
});
describe('PostgresFileStore', () => {
  it('streams a file larger than one read slice (2.5 MB in 1 MB slices) byte for byte', async () => {
    const store = new PostgresFileStore(pgHandle!.db);
    const body = crypto.randomBytes(2.5 * 1024 * 1024);
    await store.put('big/one', Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]), {
      contentType: 'application/octet-stream',
      fileName: 'big.bin',
    });
    const got = await store.get('big/one');
    expect(got!.size).toBe(body.length);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    expect(chunks.length).toBe(3);
    expect(sha(Buffer.concat(chunks))).toBe(sha(body));
  });

  it('is what createFileStore gives for FILE_STORE=postgres', async () => {
    const store = await createFileStore({ dataDir: 'memory://', fileStore: 'postgres', db: pgHandle!.db });
    expect(store.kind).toBe('postgres');
    await expect(createFileStore({ dataDir: 'memory://', fileStore: 'postgres' })).rejects.toThrow(
      'the PostgreSQL file store needs the database',
    );
  });
});
contract(
  'Azure Blob Storage (Azurite)',
  () => new AzureBlobFileStore({ connectionString: azureConnectionString, container: uniqueContainer() }),
);

describe('assertValidKey', () => {
  it('accepts generated keys and refuses the rest', () => {
    expect(() => assertValidKey('projects/2/proposal/0b9a4a8e-6a4e-4a39-9a3b-1f4b8c2d9e10')).not.toThrow();
    expect(() => assertValidKey('a.b_c-d/e')).not.toThrow();
    expect(() => assertValidKey('..')).toThrow();
    expect(() => assertValidKey('x'.repeat(201))).toThrow();
  });
});

describe('DiskFileStore', () => {
  it('keeps files under <dataDir>/files/ and nothing outside it', async () => {
    const dir = tmpDir();
    const store = new DiskFileStore(dir);
    await store.put('proposals/p1', Buffer.from('%PDF-1.7'), {
      contentType: 'application/pdf',
      fileName: 'P.pdf',
    });
    expect(fs.readFileSync(path.join(dir, 'files', 'proposals', 'p1'), 'utf8')).toBe('%PDF-1.7');
    await expect(
      store.put('../outside', Buffer.from('x'), { contentType: 'text/plain', fileName: 'x' }),
    ).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, 'outside'))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['files']);
    // no temporary files left behind
    expect(fs.readdirSync(path.join(dir, 'files', '.tmp'))).toEqual([]);
  });

  it('a file stream opened before a delete still reads the whole file', async () => {
    const store = new DiskFileStore(tmpDir());
    await store.put('k/1', Buffer.from('still here'), { contentType: 'text/plain', fileName: 'a.txt' });
    const got = await store.get('k/1');
    await store.delete('k/1');
    expect((await readAll(got!.stream)).toString()).toBe('still here');
  });

  it('a failing source stream leaves no file and no temporary file', async () => {
    const dir = tmpDir();
    const store = new DiskFileStore(dir);
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(
      store.put('k/fail', Readable.from(failing()), { contentType: 'text/plain', fileName: 'a.txt' }),
    ).rejects.toThrow('client went away');
    expect(await store.get('k/fail')).toBeUndefined();
    expect(fs.readdirSync(path.join(dir, 'files', '.tmp'))).toEqual([]);
  });
});

describe('AzureBlobFileStore', () => {
  it('creates its container when missing and keeps the name as blob metadata', async () => {
    const container = uniqueContainer();
    const service = BlobServiceClient.fromConnectionString(azureConnectionString);
    expect(await service.getContainerClient(container).exists()).toBe(false);
    const store = new AzureBlobFileStore({ connectionString: azureConnectionString, container });
    // reads and deletes before the first write find nothing (no container yet), without error
    expect(await store.get('x/1')).toBeUndefined();
    expect(await store.delete('x/1')).toBe(false);
    await store.put('x/1', Buffer.from('%PDF-'), {
      contentType: 'application/pdf',
      fileName: 'São Paulo.pdf',
    });
    expect(await service.getContainerClient(container).exists()).toBe(true);
    const props = await service.getContainerClient(container).getBlobClient('x/1').getProperties();
    expect(props.contentType).toBe('application/pdf');
    expect(decodeURIComponent(props.metadata!.filename!)).toBe('São Paulo.pdf');
  });

  it('a failing source stream rejects the put', async () => {
    const store = new AzureBlobFileStore({
      connectionString: azureConnectionString,
      container: uniqueContainer(),
    });
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(
      store.put('k/fail', Readable.from(failing()), { contentType: 'text/plain', fileName: 'a.txt' }),
    ).rejects.toThrow('client went away');
    expect(await store.get('k/fail')).toBeUndefined();
  });
});

describe('createFileStore', () => {
  it('chooses Azure when a connection string is configured, else disk, or memory for memory://', async () => {
    const dir = tmpDir();
    const disk = await createFileStore({ dataDir: dir });
    expect(disk.kind).toBe('disk');
    expect((disk as DiskFileStore).root).toBe(path.join(dir, 'files'));
    expect((await createFileStore({ dataDir: 'memory://' })).kind).toBe('memory');
    const container = uniqueContainer();
    const azure = await createFileStore({
      dataDir: dir,
      azureStorageConnectionString: azureConnectionString,
      azureStorageContainer: container,
    });
    expect(azure.kind).toBe('azure');
    expect((azure as AzureBlobFileStore).container.containerName).toBe(container);
    const byDefault = await createFileStore({
      dataDir: dir,
      azureStorageConnectionString: azureConnectionString,
    });
    expect((byDefault as AzureBlobFileStore).container.containerName).toBe('portal-files');
    // the Azure store really talks to Azurite
    await azure.put('check/1', Buffer.from('ok'), { contentType: 'text/plain', fileName: 'ok.txt' });
    expect((await readAll((await azure.get('check/1'))!.stream)).toString()).toBe('ok');
    expect(fs.existsSync(path.join(dir, 'files', 'check'))).toBe(false);
  });

  it('takes the server config: AZURE_STORAGE_CONNECTION_STRING and AZURE_STORAGE_CONTAINER, else DATA_DIR', async () => {
    const dir = tmpDir();
    const disk = await createFileStore(loadConfig({ DATA_DIR: dir }));
    expect((disk as DiskFileStore).root).toBe(path.join(dir, 'files'));
    const container = uniqueContainer();
    const azure = await createFileStore(
      loadConfig({
        DATA_DIR: dir,
        AZURE_STORAGE_CONNECTION_STRING: azureConnectionString,
        AZURE_STORAGE_CONTAINER: container,
      }),
    );
    expect(azure.kind).toBe('azure');
    expect((azure as AzureBlobFileStore).container.containerName).toBe(container);
  });
});
