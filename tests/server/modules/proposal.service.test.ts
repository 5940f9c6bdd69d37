import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DiskFileStore } from '@server/adapters/files';
import { PdfDocument } from '@server/adapters/documents';
import type { DB, DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';
import { HttpError } from '@server/http';
import {
  NO_PROPOSAL_MESSAGE,
  openProposal,
  uploadProposal,
  type ProposalDeps,
} from '@server/modules/setup/proposal.service';
import { openTestDatabase } from '../helpers';

// The proposal service on the demo database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with files on
// disk in a temporary directory. No HTTP app: the routes are wired elsewhere.

let handle: DbHandle;
let db: DB;
let dataDir: string;
let files: DiskFileStore;
let deps: ProposalDeps;
let projectId: number;
let otherProjectId: number;
let userId: number;

const pdf = (title: string) => new PdfDocument({ title }).paragraph('Proposta comercial.').toBuffer();
const upload = (buffer: Buffer, fileName: string) => ({ buffer, fileName, size: buffer.length });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The files the store holds for a project's proposal. */
const storedFor = (id: number) => {
  const dir = path.join(dataDir, 'files', 'projects', String(id), 'proposal');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const project = (id: number) =>
  db
    .selectFrom('projects')
    .select(['proposalFileKey', 'proposalFilename', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function expectHttpError(p: Promise<unknown>, status: number, message: string) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(status);
  expect((err as HttpError).message).toBe(message);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  await migrateToLatest(db);
  await seedDemo(db, { projects: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proposal-'));
  files = new DiskFileStore(dataDir);
  deps = { db, files };
  projectId = (
    await db.selectFrom('projects').select('id').where('code', '=', 'DEMO-SETUP').executeTakeFirstOrThrow()
  ).id;
  otherProjectId = (
    await db.selectFrom('projects').select('id').where('code', '=', 'DEMO-DURING').executeTakeFirstOrThrow()
  ).id;
  userId = (
    await db
      .selectFrom('professionals')
      .select('id')
      .where('login', '=', 'marcos.manager')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await handle?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('proposal service', () => {
  it('answers 404 "This project has no proposal file" before any upload, and 404 for an unknown project', async () => {
    expect((await project(projectId)).proposalFileKey).toBeNull();
    await expectHttpError(openProposal(deps, projectId), 404, NO_PROPOSAL_MESSAGE);
    await expectHttpError(openProposal(deps, 999_999), 404, 'Project 999999 not found');
  });

  it('stores an upload: the file under a new key, its stored_files row, the project pointing at it', async () => {
    const before = await project(projectId);
    const bytes = pdf('Proposta São Paulo');
    const res = await uploadProposal(deps, projectId, upload(bytes, 'Proposta São Paulo.pdf'), userId);
    expect(res.key).toMatch(new RegExp(`^projects/${projectId}/proposal/[0-9a-f-]{36}$`));
    expect(res).toMatchObject({ fileName: 'Proposta São Paulo.pdf', size: bytes.length });

    const row = await db
      .selectFrom('storedFiles')
      .selectAll()
      .where('key', '=', res.key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      fileName: 'Proposta São Paulo.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      createdBy: userId,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    const after = await project(projectId);
    expect(after.proposalFileKey).toBe(res.key);
    expect(after.proposalFilename).toBe('Proposta São Paulo.pdf');
    expect(after.version).toBe(before.version + 1);
    expect(storedFor(projectId)).toEqual([res.key.split('/').pop()]);

    const opened = await openProposal(deps, projectId);
    expect(opened).toMatchObject({
      fileName: 'Proposta São Paulo.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    expect((await readAll(opened.stream)).equals(bytes)).toBe(true);
  });

  it('replaces the previous proposal: old file and row gone, the new one served', async () => {
    const first = (await project(projectId)).proposalFileKey!;
    expect(first).toBeTruthy();
    const bytes = pdf('Segunda proposta');
    const res = await uploadProposal(deps, projectId, upload(bytes, 'Segunda proposta — Gestão.pdf'), userId);
    expect(res.key).not.toBe(first);
    expect(await files.get(first)).toBeUndefined();
    expect(
      await db.selectFrom('storedFiles').select('key').where('key', '=', first).executeTakeFirst(),
    ).toBeUndefined();
    expect(storedFor(projectId)).toEqual([res.key.split('/').pop()]);
    const opened = await openProposal(deps, projectId);
    expect(opened.fileName).toBe('Segunda proposta — Gestão.pdf');
    expect((await readAll(opened.stream)).equals(bytes)).toBe(true);
    // another project is untouched
    expect((await project(otherProjectId)).proposalFileKey).toBeNull();
  });

  it('keeps the current proposal and stores nothing when the upload cannot be recorded', async () => {
    const current = await project(projectId);
    // an unknown person violates stored_files.created_by: the transaction rolls back
    await expect(uploadProposal(deps, projectId, upload(pdf('x'), 'x.pdf'), 987_654)).rejects.toThrow();
    const after = await project(projectId);
    expect(after).toEqual(current);
    expect(storedFor(projectId)).toEqual([current.proposalFileKey!.split('/').pop()]);
    const kept = await files.get(current.proposalFileKey!);
    expect(kept).toBeDefined();
    kept!.stream.destroy();
    // an unknown project: 404 and nothing written
    await expectHttpError(
      uploadProposal(deps, 999_999, upload(pdf('x'), 'x.pdf'), userId),
      404,
      'Project 999999 not found',
    );
    expect(storedFor(999_999)).toEqual([]);
  });

  it('two uploads at once leave exactly one proposal, file and row', async () => {
    const [a, b] = await Promise.all([
      uploadProposal(deps, otherProjectId, upload(pdf('A'), 'A.pdf'), userId),
      uploadProposal(deps, otherProjectId, upload(pdf('B'), 'B.pdf'), null),
    ]);
    const winner = (await project(otherProjectId)).proposalFileKey;
    expect([a.key, b.key]).toContain(winner);
    expect(storedFor(otherProjectId)).toEqual([winner!.split('/').pop()]);
    const rows = await db
      .selectFrom('storedFiles')
      .select('key')
      .where('key', 'like', `projects/${otherProjectId}/%`)
      .execute();
    expect(rows.map((r) => r.key)).toEqual([winner]);
  });

  it('answers 404 when the recorded file is missing from the store', async () => {
    const key = (await project(otherProjectId)).proposalFileKey!;
    await files.delete(key);
    await expectHttpError(openProposal(deps, otherProjectId), 404, NO_PROPOSAL_MESSAGE);
  });
});
