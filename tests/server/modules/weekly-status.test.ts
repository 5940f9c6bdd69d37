import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { Recipient, WeeklyStatus, WeeklyStatusContent } from '@domain/contract';
import { SIGNATURE_MESSAGES, weeklyStatusActions } from '@domain/rules';
import { PdfDocument } from '@server/adapters/documents';
import { modules } from '@server/modules';
import weeklyStatusRoutes from '@server/modules/weekly-status/routes';
import { formatDay, plainText } from '@server/modules/weekly-status/document';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request, type Method } from '../request';
import { multipartBody } from '../multipart';

if (!modules.includes(weeklyStatusRoutes)) modules.push(weeklyStatusRoutes);

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let DURING: number;
let READY: number;
let OTHER: number; // a generated project Carla is not on
beforeAll(async () => {
  ctx = await createTestContext({ projects: 1 });
  ids = await demoIds(ctx.db);
  DURING = ids.project['DEMO-DURING']!;
  READY = ids.project['DEMO-READY']!;
  OTHER = ids.project['PRJ-00001']!;
});
afterAll(() => ctx?.close());

const pdfOf = (title: string, pages = 1) => {
  const doc = new PdfDocument({ title });
  for (let i = 1; i < pages; i++) doc.pageBreak().paragraph(`Page ${i + 1}`);
  return doc.toBuffer();
};
const submit = async (login: string, id: number, file?: { data: Buffer; filename?: string }) => {
  const body = multipartBody(
    file
      ? [
          {
            name: 'file',
            filename: file.filename ?? 'status.pdf',
            contentType: 'application/pdf',
            data: file.data,
          },
        ]
      : [{ name: 'note', data: 'x' }],
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/weekly-status/${id}/submit`,
    headers: { ...(await ctx.auth(login)), ...body.headers },
    payload: body.payload,
  });
};
/** The seeded weekly status of the project in `signedStatus`. */
const seeded = async (projectId: number, signedStatus: string) =>
  (
    await ctx.db
      .selectFrom('weeklyStatuses')
      .selectAll()
      .where('projectId', '=', projectId)
      .where('signedStatus', '=', signedStatus)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
const row = (id: number) =>
  ctx.db.selectFrom('weeklyStatuses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A new weekly status through the API (Marcos), with `recipients` added. */
async function created(projectId: number, signedType: 1 | 2 | 3, recipients: string[] = []) {
  const res = await request(ctx, 'marcos.manager').post(`/api/weekly-status/project/${projectId}`, {
    signedType,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: number };
  for (const name of recipients) {
    const r = await request(ctx, 'marcos.manager').post(`/api/weekly-status/${id}/recipients`, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@client.example.com`,
    });
    expect(r.statusCode).toBe(201);
  }
  return id;
}
const outbox = () => ctx.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
const pdftotext = fs.existsSync('/usr/bin/pdftotext')
  ? (pdf: Buffer) => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-')), 'doc.pdf');
      fs.writeFileSync(file, pdf);
      return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    }
  : undefined;
const pages = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();
const historyOf = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', 'Weekly Status')
    .orderBy('id')
    .execute();
const DENIED = "Only the project's team may work on its weekly statuses";

describe('the list, one weekly status, create', () => {
  it('lists the project’s weekly statuses newest first in the contract shape, for every signed-in person', async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/project/${DURING}`);
    expect(res.statusCode).toBe(200);
    const list = z.array(WeeklyStatus).parse(res.json());
    expect(list.map((w) => w.signedStatus)).toEqual(['draft', 'declined', 'sent', 'completed']);
    expect(list.map((w) => w.signedType)).toEqual([1, 2, 2, 3]);
    const created = list.map((w) => Date.parse(w.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(list[3]).toMatchObject({
      isSubmitted: true,
      signatureFilename: 'weekly-status-signed.pdf',
      version: 1,
      clientSubmissionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await request(ctx, null).get(`/api/weekly-status/project/${DURING}`)).statusCode).toBe(401);
    expect((await request(ctx, 'alice.admin').get('/api/weekly-status/project/999999')).statusCode).toBe(404);
    expect((await request(ctx, 'alice.admin').get('/api/weekly-status/project/0x3')).statusCode).toBe(400);
  });

  it('GET one answers its ETag; 404 unknown, 400 bad id', async () => {
    const id = await seeded(DURING, 'sent');
    const res = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({
      id,
      signedStatus: 'sent',
      signedType: 2,
      unSignatureFilename: 'weekly-status.pdf',
    });
    const missing = await request(ctx, 'alice.admin').get('/api/weekly-status/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Weekly status 999999 not found');
    expect((await request(ctx, 'alice.admin').get('/api/weekly-status/abc')).statusCode).toBe(400);
  });

  it('creates a draft on the chosen path (201 { id }), recorded; the team or Admin only', async () => {
    const res = await request(ctx, 'carla.consultant').post(`/api/weekly-status/project/${DURING}`, {
      signedType: 2,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(Object.keys(res.json())).toEqual(['id']);
    expect(await row(id)).toMatchObject({
      projectId: DURING,
      signedType: 2,
      signedStatus: 'draft',
      isSubmitted: false,
    });
    expect((await historyOf(DURING)).at(-1)).toMatchObject({
      action: 'added',
      changedBy: ids.person['carla.consultant'],
    });
    expect(
      (await request(ctx, 'alice.admin').post(`/api/weekly-status/project/${DURING}`, { signedType: 1 }))
        .statusCode,
    ).toBe(201);

    const bad = await request(ctx, 'marcos.manager').post(`/api/weekly-status/project/${DURING}`, {
      signedType: 4,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('signedType');
    expect(
      (await request(ctx, 'marcos.manager').post(`/api/weekly-status/project/${DURING}`, {})).statusCode,
    ).toBe(400);
    const outsider = await request(ctx, 'oscar.outsider').post(`/api/weekly-status/project/${DURING}`, {
      signedType: 1,
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(DENIED);
    expect(
      (await request(ctx, 'carla.consultant').post(`/api/weekly-status/project/${OTHER}`, { signedType: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'alice.admin').post('/api/weekly-status/project/999999', { signedType: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the weekly status availability table against the seeded statuses (DEMO-READY)', () => {
  it('edit / signed type / resend / signed download / undo / delete follow weeklyStatusActions', async () => {
    const table: Record<string, ReturnType<typeof weeklyStatusActions>> = {};
    for (const status of ['completed', 'sent', 'declined', 'draft']) {
      const id = await seeded(READY, status);
      const rec = await row(id);
      const actions = weeklyStatusActions(rec);
      table[status] = actions;

      const put = await request(ctx, 'marcos.manager').put(`/api/weekly-status/${id}`, {
        clientSubmissionDate: '2026-03-06',
      });
      expect(put.statusCode, `PUT ${status}`).toBe(actions.edit ? 200 : 409);
      if (!actions.edit) expect(put.json().message).toBe(SIGNATURE_MESSAGES.locked);
      const patch = await request(ctx, 'marcos.manager').patch(`/api/weekly-status/${id}/signed-type`, {
        signedType: 2,
      });
      expect(patch.statusCode, `PATCH ${status}`).toBe(actions.edit ? 200 : 409);

      const resend = await request(ctx, 'marcos.manager').post(`/api/weekly-status/${id}/resend`);
      // the seeded 'sent' has no envelope: the engine has nothing to resend (409 all the same)
      expect(resend.statusCode, `resend ${status}`).toBe(409);
      if (!actions.resend) expect(resend.json().message).toBe(SIGNATURE_MESSAGES.resend);

      const signed = await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}/file?signed=1`);
      expect(signed.statusCode).toBe(404); // seeded rows name a signed file but have none stored
      expect(signed.json().message).toBe(SIGNATURE_MESSAGES.noSignedFile);
    }
    expect(table).toEqual({
      completed: { delete: true, edit: false, downloadSigned: true, resend: false, undo: false },
      sent: { delete: true, edit: false, downloadSigned: false, resend: true, undo: false },
      declined: { delete: true, edit: false, downloadSigned: false, resend: false, undo: true },
      draft: { delete: false, edit: true, downloadSigned: false, resend: false, undo: false },
    });

    // Undo Submit: only the declined one; it goes back to reproved and becomes editable
    // a draft is not submitted: isSubmitted false is its own value, no change (the record taken back)
    const draft = await seeded(READY, 'draft');
    const unchanged = await request(ctx, 'marcos.manager').put(`/api/weekly-status/${draft}`, {
      isSubmitted: false,
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ signedStatus: 'draft', isSubmitted: false });
    const sent = await seeded(READY, 'sent');
    const notDeclined = await request(ctx, 'marcos.manager').put(`/api/weekly-status/${sent}`, {
      isSubmitted: false,
    });
    expect(notDeclined.statusCode).toBe(409);
    expect(notDeclined.json().message).toBe(SIGNATURE_MESSAGES.undo);
    const declined = await seeded(READY, 'declined');
    await ctx.db
      .updateTable('weeklyStatusRecipients')
      .set({ isSigned: true, signedCode: 'SIG-X' })
      .where('weeklyStatusId', '=', declined)
      .execute();
    const undo = await request(ctx, 'paula.partner').put(`/api/weekly-status/${declined}`, {
      isSubmitted: false,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({
      signedStatus: 'reproved',
      isSubmitted: false,
      submittedAt: null,
      version: 2,
    });
    expect(undo.headers.etag).toBe('"2"');
    const recipients = await request(ctx, 'paula.partner').get(`/api/weekly-status/${declined}/recipients`);
    expect(recipients.json()).toEqual([expect.objectContaining({ isSigned: false, signedCode: null })]);
    // undone already: isSubmitted false is now the record's own value, no change
    const again = await request(ctx, 'paula.partner').put(`/api/weekly-status/${declined}`, {
      isSubmitted: false,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(2);
    const edit = await request(ctx, 'paula.partner').put(`/api/weekly-status/${declined}`, {
      clientSubmissionDate: '2026-03-13',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().clientSubmissionDate).toBe('2026-03-13');
    expect((await historyOf(READY)).at(-1)).toMatchObject({
      action: 'changed',
      changedBy: ids.person['paula.partner'],
    });
  });

  it('DELETE: a draft is refused; others stay as "deleted"; deleting again changes nothing', async () => {
    const draft = await seeded(READY, 'draft');
    const refused = await request(ctx, 'marcos.manager').delete(`/api/weekly-status/${draft}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SIGNATURE_MESSAGES.deleteDraft);
    const completed = await seeded(READY, 'completed');
    const stale = await request(ctx, 'marcos.manager').delete(`/api/weekly-status/${completed}`, {
      ifMatch: '"9"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: completed, signedStatus: 'completed' });
    expect((await request(ctx, 'oscar.outsider').delete(`/api/weekly-status/${completed}`)).statusCode).toBe(
      403,
    );
    expect((await request(ctx, 'marcos.manager').delete(`/api/weekly-status/${completed}`)).statusCode).toBe(
      204,
    );
    const after = await row(completed);
    expect(after).toMatchObject({ signedStatus: 'deleted' });
    expect((await request(ctx, 'marcos.manager').delete(`/api/weekly-status/${completed}`)).statusCode).toBe(
      204,
    );
    expect((await row(completed)).version).toBe(after.version);
    expect(
      (
        await request(ctx, 'marcos.manager').put(`/api/weekly-status/${completed}`, {
          clientSubmissionDate: null,
        })
      ).statusCode,
    ).toBe(409);
    expect((await request(ctx, 'marcos.manager').delete('/api/weekly-status/999999')).statusCode).toBe(404);
  });
});

describe('PUT and PATCH signed-type: bad input and If-Match', () => {
  it('400 on unknown fields and bad dates, 412 with the current record when stale', async () => {
    const id = await created(DURING, 1);
    for (const body of [
      { clientSubmissionDate: '06/03/2026' },
      { signedStatus: 'signed-by-me' },
      { id: 'x' },
    ])
      expect(
        (await request(ctx, 'marcos.manager').put(`/api/weekly-status/${id}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    // submitting is Send to sign's; a read-only field sent with another value is ignored (OpenAPI readOnly)
    const submit = await request(ctx, 'marcos.manager').put(`/api/weekly-status/${id}`, {
      isSubmitted: true,
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe(
      'A weekly status is submitted by sending it to sign, not by this update',
    );
    const ignored = await request(ctx, 'marcos.manager').put(`/api/weekly-status/${id}`, {
      signedStatus: 'completed',
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().signedStatus).toBe('draft');
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/weekly-status/${id}/signed-type`, { signedType: 0 }))
        .statusCode,
    ).toBe(400);
    const ok = await request(ctx, 'marcos.manager').patch(
      `/api/weekly-status/${id}/signed-type`,
      { signedType: 3 },
      { ifMatch: '"1"' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ signedType: 3, version: 2 });
    const stale = await request(ctx, 'marcos.manager').put(
      `/api/weekly-status/${id}`,
      { clientSubmissionDate: '2026-03-06' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id, version: 2, clientSubmissionDate: null });
    expect(stale.headers.etag).toBe('"2"');
    const stalePatch = await request(ctx, 'marcos.manager').patch(
      `/api/weekly-status/${id}/signed-type`,
      { signedType: 1 },
      { ifMatch: '"1"' },
    );
    expect(stalePatch.statusCode).toBe(412);
    expect(
      (
        await request(ctx, 'marcos.manager').put(
          `/api/weekly-status/${id}`,
          { clientSubmissionDate: '2026-03-06' },
          { ifMatch: 'nope' },
        )
      ).statusCode,
    ).toBe(400);
    const put = await request(ctx, 'marcos.manager').put(
      `/api/weekly-status/${id}`,
      { clientSubmissionDate: '2026-03-06' },
      { ifMatch: '"2"' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ clientSubmissionDate: '2026-03-06', version: 3 });
    expect(
      (await request(ctx, 'oscar.outsider').patch(`/api/weekly-status/${id}/signed-type`, { signedType: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('contents by type 1–5', () => {
  it('lists by orderPosition, appends, edits with If-Match, deletes; 409 once locked', async () => {
    const id = await seeded(DURING, 'draft');
    for (const type of [1, 2, 3, 4, 5]) {
      const res = await request(ctx, 'oscar.outsider').get(
        `/api/weekly-status-contents/weekly-status/${id}/type/${type}`,
      );
      expect(res.statusCode).toBe(200);
      const list = z.array(WeeklyStatusContent).parse(res.json());
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ type, orderPosition: 1, version: 1 });
    }
    const url = `/api/weekly-status-contents/weekly-status/${id}/type/2`;
    const add = await request(ctx, 'carla.consultant').post(url, {
      frontHeader: 'Front B',
      name: 'Interviews',
      description: 'Twelve done',
      contentStatus: 'Done',
      orderPosition: 99,
    });
    expect(add.statusCode).toBe(201);
    const added = add.json();
    expect(added).toMatchObject({ type: 2, orderPosition: 2, version: 1, frontHeader: 'Front B' });
    expect(add.headers.etag).toBe('"1"');
    const add2 = await request(ctx, 'carla.consultant').post(url, { name: 'Workshop' });
    expect(add2.json().orderPosition).toBe(3);
    // reorder: the new one first
    const moved = await request(ctx, 'carla.consultant').put(
      `/api/weekly-status-contents/${add2.json().id}`,
      {
        orderPosition: 0,
      },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Workshop', orderPosition: 0, version: 2 });
    expect(
      (await request(ctx, 'carla.consultant').get(url)).json().map((c: { name: string }) => c.name),
    ).toEqual(['Workshop', 'Diagnostic', 'Interviews']);

    const itemUrl = `/api/weekly-status-contents/${added.id}`;
    const put = await request(ctx, 'carla.consultant').put(
      itemUrl,
      { description: 'Twelve of fifteen' },
      { ifMatch: '"1"' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      description: 'Twelve of fifteen',
      frontHeader: 'Front B',
      version: 2,
    });
    const stale = await request(ctx, 'carla.consultant').put(
      itemUrl,
      { description: 'x' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ description: 'Twelve of fifteen', version: 2 });
    expect((await request(ctx, 'carla.consultant').delete(itemUrl, { ifMatch: '"1"' })).statusCode).toBe(412);
    expect((await request(ctx, 'oscar.outsider').delete(itemUrl)).statusCode).toBe(403);
    expect((await request(ctx, 'carla.consultant').delete(itemUrl, { ifMatch: '"2"' })).statusCode).toBe(204);
    expect((await request(ctx, 'carla.consultant').delete(itemUrl)).statusCode).toBe(404);
    expect((await historyOf(DURING)).at(-1)).toMatchObject({
      action: 'removed',
      subject: expect.stringContaining('Weekly Status Update of Previous Activities "Interviews"'),
    });

    // bad input
    expect(
      (await request(ctx, 'carla.consultant').get(`/api/weekly-status-contents/weekly-status/${id}/type/6`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await request(ctx, 'carla.consultant').post(
          `/api/weekly-status-contents/weekly-status/${id}/type/0`,
          {},
        )
      ).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'carla.consultant').post(url, { name: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    expect((await request(ctx, 'carla.consultant').post(url, { orderPosition: -1 })).statusCode).toBe(400);
    expect(
      (await request(ctx, 'carla.consultant').get('/api/weekly-status-contents/weekly-status/999999/type/1'))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'carla.consultant').put('/api/weekly-status-contents/999999', { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await request(ctx, 'oscar.outsider').post(url, { name: 'x' })).statusCode).toBe(403);

    // locked once sent
    const sent = await seeded(DURING, 'sent');
    const sentContent = (
      await request(ctx, 'alice.admin').get(`/api/weekly-status-contents/weekly-status/${sent}/type/1`)
    ).json()[0];
    for (const [method, u, body] of [
      ['POST', `/api/weekly-status-contents/weekly-status/${sent}/type/1`, { name: 'x' }],
      ['PUT', `/api/weekly-status-contents/${sentContent.id}`, { name: 'x' }],
      ['DELETE', `/api/weekly-status-contents/${sentContent.id}`, undefined],
    ] as const) {
      const res = await request(ctx, 'alice.admin').send(method, u, body);
      expect(res.statusCode, `${method} ${u}`).toBe(409);
      expect(res.json().message).toBe(SIGNATURE_MESSAGES.locked);
    }
  });
});

describe('recipients', () => {
  it('adds (name and e-mail required, e-mail valid), edits, deactivates; type 3 and locked refused', async () => {
    const id = await created(DURING, 2);
    const url = `/api/weekly-status/${id}/recipients`;
    const noName = await request(ctx, 'marcos.manager').post(url, { name: ' ', email: 'a@b.com' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Recipient name is required');
    for (const body of [
      { name: 'Helena' },
      { name: 'Helena', email: 'helena' },
      { name: 'Helena', email: '' },
    ])
      expect((await request(ctx, 'marcos.manager').post(url, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    const add = await request(ctx, 'marcos.manager').post(url, {
      name: 'Helena Souza',
      email: 'helena@client.example.com',
    });
    expect(add.statusCode).toBe(201);
    const rec = Recipient.parse(add.json());
    expect(rec).toMatchObject({ isActive: true, isSigned: false, signedCode: null, version: 1 });
    const second = (
      await request(ctx, 'marcos.manager').post(url, {
        name: 'João Álvares',
        email: 'joao@client.example.com',
      })
    ).json();
    const list = await request(ctx, 'oscar.outsider').get(url);
    expect(list.json().map((r: Recipient) => r.name)).toEqual(['Helena Souza', 'João Álvares']);

    const put = await request(ctx, 'marcos.manager').put(
      `${url}/${rec.id}`,
      { email: 'helena.souza@client.example.com' },
      { ifMatch: '"1"' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Helena Souza',
      email: 'helena.souza@client.example.com',
      version: 2,
    });
    expect(
      (await request(ctx, 'marcos.manager').put(`${url}/${rec.id}`, { name: 'H' }, { ifMatch: '"1"' }))
        .statusCode,
    ).toBe(412);
    expect((await request(ctx, 'marcos.manager').put(`${url}/${rec.id}`, { email: 'bad' })).statusCode).toBe(
      400,
    );
    expect((await request(ctx, 'oscar.outsider').put(`${url}/${rec.id}`, { name: 'H' })).statusCode).toBe(
      403,
    );

    expect((await request(ctx, 'marcos.manager').delete(`${url}/${second.id}`)).statusCode).toBe(204);
    expect((await request(ctx, 'marcos.manager').get(url)).json()).toHaveLength(1);
    expect(
      await ctx.db
        .selectFrom('weeklyStatusRecipients')
        .select('isActive')
        .where('id', '=', second.id)
        .executeTakeFirst(),
    ).toEqual({
      isActive: false,
    });
    expect((await request(ctx, 'marcos.manager').delete(`${url}/${second.id}`)).statusCode).toBe(404);
    // a recipient of another weekly status
    const other = await seeded(DURING, 'draft');
    const foreign = (
      await request(ctx, 'marcos.manager').get(`/api/weekly-status/${other}/recipients`)
    ).json()[0];
    expect((await request(ctx, 'marcos.manager').put(`${url}/${foreign.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await request(ctx, 'marcos.manager').get('/api/weekly-status/999999/recipients')).statusCode,
    ).toBe(404);

    // type 3: no recipients to add or remove (canChangeRecipients)
    const upload = await created(DURING, 3);
    const typeThree = await request(ctx, 'marcos.manager').post(`/api/weekly-status/${upload}/recipients`, {
      name: 'A',
      email: 'a@b.com',
    });
    expect(typeThree.statusCode).toBe(409);
    expect(typeThree.json().message).toBe(SIGNATURE_MESSAGES.typeOne);
    // locked once sent
    const sent = await seeded(DURING, 'sent');
    const sentRecipient = (
      await request(ctx, 'marcos.manager').get(`/api/weekly-status/${sent}/recipients`)
    ).json()[0];
    for (const [method, u, body] of [
      ['POST', `/api/weekly-status/${sent}/recipients`, { name: 'A', email: 'a@b.com' }],
      ['PUT', `/api/weekly-status/${sent}/recipients/${sentRecipient.id}`, { name: 'A' }],
      ['DELETE', `/api/weekly-status/${sent}/recipients/${sentRecipient.id}`, undefined],
    ] as const) {
      const res = await request(ctx, 'marcos.manager').send(method, u, body);
      expect(res.statusCode, `${method} ${u}`).toBe(409);
      expect(res.json().message).toBe(SIGNATURE_MESSAGES.locked);
    }
  });
});

describe('the template document (signedType 1)', () => {
  it('"Download not signed file" gives the PDF generated from the five sections, non-Latin-1 text included', async () => {
    const id = await created(DURING, 1, ['Helena Souza']);
    const add = (type: number, body: object) =>
      request(ctx, 'marcos.manager').post(
        `/api/weekly-status-contents/weekly-status/${id}/type/${type}`,
        body,
      );
    await add(1, {
      name: 'Overall',
      description: '<p>On track — Gestão <strong>São Paulo</strong> &amp; Łódź Москва Ω</p>',
    });
    await add(2, {
      frontHeader: 'Front A',
      name: 'Interviews',
      description: 'Twelve done',
      contentStatus: 'Done',
    });
    await add(3, { name: 'Scope', description: 'Three plants' });
    await add(4, { name: 'Data access', description: 'Escalate to the CFO' });
    await add(5, { name: 'Workshop', description: 'Friday 10:00' });
    await request(ctx, 'marcos.manager').put(`/api/weekly-status/${id}`, {
      clientSubmissionDate: '2026-03-06',
    });

    const res = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/${id}/file?signed=0`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(
      'weekly-status-DEMO-DURING-2026-03-06.pdf',
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pages(pdf)).toBeGreaterThanOrEqual(1);
    if (pdftotext) {
      const text = pdftotext(pdf).replace(/\s+/g, ' ');
      for (const expected of [
        'Weekly Status',
        'DEMO-DURING',
        'Client submission date',
        '06 Mar 2026',
        'General Status',
        'Weekly Status Update of Previous Activities',
        'Work Front',
        'Activity Name',
        'Activity Notes',
        'Definitions',
        'Definition',
        'Points of Attention',
        'Action',
        'Next Steps',
        'Comment',
        'Signatures',
        'Helena Souza',
        'On track — Gestão São Paulo & Łódź Москва Ω',
        'Marcos Moura',
        'Paula Pereira',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('<strong>');
    }
    // nothing was stored: the file is generated each time
    expect((await row(id)).unsignedFileKey).toBeNull();
    // the own-document path has no file before one is sent
    const own = await created(DURING, 2);
    const none = await request(ctx, 'marcos.manager').get(`/api/weekly-status/${own}/file?signed=0`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(SIGNATURE_MESSAGES.noFile);
    expect(
      (await request(ctx, 'marcos.manager').get(`/api/weekly-status/${own}/file?signed=2`)).statusCode,
    ).toBe(400);
    expect(
      (await request(ctx, 'marcos.manager').get('/api/weekly-status/999999/file?signed=0')).statusCode,
    ).toBe(404);
  });

  it('prints rich text as plain text and dates as day, short month, year', () => {
    expect(plainText('<ul><li>One</li><li>Two &lt;3&gt;</li></ul><p>A&nbsp;b&#233;</p>')).toBe(
      '• One\n• Two <3>\n\nA bé',
    );
    expect(plainText('plain < text')).toBe('plain < text');
    expect(formatDay('2026-03-06')).toBe('06 Mar 2026');
    expect(formatDay('2026-12-31T23:00:00.000Z')).toBe('31 Dec 2026');
    expect(formatDay(null)).toBeNull();
  });
});

describe('submit, the engine, files, resend, delete', () => {
  it('refuses a submit without a type, without a file (types 2, 3), non-PDF, without recipients; locked after', async () => {
    const own = await created(DURING, 2, ['Helena Souza']);
    const noFile = await submit('marcos.manager', own);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please, select a file');
    const json = await request(ctx, 'marcos.manager').post(`/api/weekly-status/${own}/submit`);
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please, select a file');
    const png = await submit('marcos.manager', own, {
      data: Buffer.from('\x89PNG\r\n\x1a\nxxxx', 'binary'),
      filename: 'x.pdf',
    });
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('Only PDF files is allowed');
    const upload = await created(DURING, 3);
    expect((await submit('marcos.manager', upload)).json().message).toBe('Please, select a file');

    const template = await created(DURING, 1);
    const noRecipients = await submit('marcos.manager', template);
    expect(noRecipients.statusCode).toBe(409);
    expect(noRecipients.json().message).toBe(SIGNATURE_MESSAGES.noRecipients);
    await ctx.db.updateTable('weeklyStatuses').set({ signedType: null }).where('id', '=', template).execute();
    const noType = await submit('marcos.manager', template);
    expect(noType.statusCode).toBe(409);
    expect(noType.json().message).toBe(SIGNATURE_MESSAGES.noType);

    const locked = await submit('marcos.manager', await seeded(DURING, 'completed'), { data: pdfOf('x') });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(SIGNATURE_MESSAGES.locked);
    expect((await submit('oscar.outsider', own, { data: pdfOf('x') })).statusCode).toBe(403);
    expect((await submit('marcos.manager', 999999, { data: pdfOf('x') })).statusCode).toBe(404);
    expect((await row(own)).signedStatus).toBe('draft');
  });

  it('type 1: Send to sign → the generated PDF goes to the engine → mails to the recipients; signed → completed', async () => {
    const id = await created(DURING, 1, ['Helena Souza', 'Rui Tavares']);
    await request(ctx, 'marcos.manager').post(`/api/weekly-status-contents/weekly-status/${id}/type/1`, {
      name: 'Overall',
      description: 'Green',
    });
    const before = (await outbox()).length;
    const res = await submit('marcos.manager', id);
    expect(res.statusCode).toBe(200);
    const ws = WeeklyStatus.parse(res.json());
    expect(ws).toMatchObject({
      signedStatus: 'sent',
      isSubmitted: true,
      signedType: 1,
      signatureFilename: null,
    });
    expect(Date.now() - Date.parse(ws.submittedAt!)).toBeLessThan(60_000);
    expect(ws.unSignatureFilename).toMatch(/^weekly-status-DEMO-DURING-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(res.headers.etag).toBe(`"${ws.version}"`);
    expect((await historyOf(DURING)).at(-1)).toMatchObject({
      subject: expect.stringContaining('sent to sign'),
    });

    await ctx.app.esign.drain();
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'helena.souza@client.example.com',
      'rui.tavares@client.example.com',
    ]);

    // now locked, and the unsigned file is the one sent
    expect((await submit('marcos.manager', id)).statusCode).toBe(409);
    const unsigned = await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}/file?signed=0`);
    expect(unsigned.statusCode).toBe(200);
    expect(decodeURIComponent(String(unsigned.headers['x-file-name']))).toBe(ws.unSignatureFilename);
    if (pdftotext) expect(pdftotext(unsigned.rawPayload)).toContain('Rui Tavares');
    // the template path has no Resend
    const resend = await request(ctx, 'marcos.manager').post(`/api/weekly-status/${id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(SIGNATURE_MESSAGES.resend);

    // both sign through the public page's API
    for (const m of mails) {
      const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(m.body)![1];
      const signed = await ctx.app.inject({
        method: 'POST',
        url: `/api/esign/sign/${token}/sign`,
        payload: { name: m.toAddress, consent: true },
      });
      expect(signed.statusCode).toBe(200);
    }
    await ctx.app.esign.drain();
    const done = (await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}`)).json();
    expect(done).toMatchObject({
      signedStatus: 'completed',
      signatureFilename: expect.stringMatching(/-signed\.pdf$/),
    });
    const recipients = (
      await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}/recipients`)
    ).json();
    expect(recipients.every((r: Recipient) => r.isSigned && r.signedCode)).toBe(true);
    const signedFile = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/${id}/file?signed=1`);
    expect(signedFile.statusCode).toBe(200);
    expect(decodeURIComponent(String(signedFile.headers['x-file-name']))).toBe(done.signatureFilename);
    expect(await pages(signedFile.rawPayload)).toBeGreaterThan(await pages(unsigned.rawPayload));
  });

  it('type 3: the upload is the signed file, completed at once; the project download merges them oldest first', async () => {
    const none = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/project/${READY}/download`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('There are no signed weekly statuses yet');

    const first = await created(READY, 3);
    const uploaded = pdfOf('Signed week one', 2);
    const res = await submit('paula.partner', first, {
      data: uploaded,
      filename: 'Semana 1 — São Paulo.pdf',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signedStatus: 'completed',
      isSubmitted: true,
      signatureFilename: 'Semana 1 — São Paulo.pdf',
      unSignatureFilename: null,
    });
    expect((await historyOf(READY)).at(-1)).toMatchObject({ action: 'uploaded' });
    const file = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/${first}/file?signed=1`);
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers['x-file-name']))).toBe('Semana 1 — São Paulo.pdf');
    expect(Buffer.compare(file.rawPayload, uploaded)).toBe(0);
    expect(weeklyStatusActions(await row(first)).downloadSigned).toBe(true);

    const second = await created(READY, 3);
    await submit('paula.partner', second, { data: pdfOf('Signed week two', 3) });
    // a deleted one is not part of the download
    const third = await created(READY, 3);
    await submit('paula.partner', third, { data: pdfOf('Deleted week', 1) });
    expect((await request(ctx, 'paula.partner').delete(`/api/weekly-status/${third}`)).statusCode).toBe(204);
    await ctx.db
      .updateTable('weeklyStatuses')
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where('id', '=', second)
      .execute();

    const all = await request(ctx, 'oscar.outsider').get(`/api/weekly-status/project/${READY}/download`);
    expect(all.statusCode).toBe(200);
    expect(decodeURIComponent(String(all.headers['x-file-name']))).toBe('weekly-statuses-DEMO-READY.pdf');
    expect(await pages(all.rawPayload)).toBe(5);
    if (pdftotext) {
      const text = pdftotext(all.rawPayload);
      expect(text.indexOf('Signed week two')).toBeLessThan(text.indexOf('Signed week one'));
      expect(text).not.toContain('Deleted week');
    }
    expect(
      (await request(ctx, 'alice.admin').get('/api/weekly-status/project/999999/download')).statusCode,
    ).toBe(404);
  });

  it('type 2: sent with the own PDF; Resend queues new mails; delete voids the envelope', async () => {
    const id = await created(DURING, 2, ['Helena Souza']);
    const own = pdfOf('Our own weekly status');
    const res = await submit('carla.consultant', id, { data: own, filename: 'Status semana 10.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedStatus: 'sent', unSignatureFilename: 'Status semana 10.pdf' });
    await ctx.app.esign.drain();
    const before = (await outbox()).length;
    const unsigned = await request(ctx, 'carla.consultant').get(`/api/weekly-status/${id}/file?signed=0`);
    expect(Buffer.compare(unsigned.rawPayload, own)).toBe(0);

    expect((await request(ctx, 'oscar.outsider').post(`/api/weekly-status/${id}/resend`)).statusCode).toBe(
      403,
    );
    const resend = await request(ctx, 'carla.consultant').post(`/api/weekly-status/${id}/resend`);
    expect(resend.statusCode).toBe(204);
    await ctx.app.esign.drain();
    expect((await outbox()).slice(before).map((m) => m.toAddress)).toEqual([
      'helena.souza@client.example.com',
    ]);

    expect((await request(ctx, 'carla.consultant').delete(`/api/weekly-status/${id}`)).statusCode).toBe(204);
    expect((await row(id)).signedStatus).toBe('deleted');
    const envelope = await ctx.db
      .selectFrom('signatureEnvelopes')
      .select(['status', 'voidReason'])
      .where('ownerType', '=', 'weekly-status')
      .where('ownerId', '=', id)
      .executeTakeFirstOrThrow();
    expect(envelope).toEqual({ status: 'voided', voidReason: 'Deleted in the portal' });
    await ctx.app.esign.drain();
    expect((await row(id)).signedStatus).toBe('deleted');
    expect((await request(ctx, 'carla.consultant').post(`/api/weekly-status/${id}/resend`)).statusCode).toBe(
      409,
    );
  });
});

describe('forbidden', () => {
  it('oscar.outsider may read but not write on DEMO-DURING; carla may not write on a project she is not on', async () => {
    const id = await seeded(DURING, 'draft');
    const content = (
      await request(ctx, 'oscar.outsider').get(`/api/weekly-status-contents/weekly-status/${id}/type/1`)
    ).json()[0];
    const recipient = (
      await request(ctx, 'oscar.outsider').get(`/api/weekly-status/${id}/recipients`)
    ).json()[0];
    const writes: [Method, string, unknown][] = [
      ['PUT', `/api/weekly-status/${id}`, { clientSubmissionDate: '2026-03-06' }],
      ['DELETE', `/api/weekly-status/${id}`, undefined],
      ['PATCH', `/api/weekly-status/${id}/signed-type`, { signedType: 2 }],
      ['POST', `/api/weekly-status-contents/weekly-status/${id}/type/1`, { name: 'x' }],
      ['PUT', `/api/weekly-status-contents/${content.id}`, { name: 'x' }],
      ['DELETE', `/api/weekly-status-contents/${content.id}`, undefined],
      ['POST', `/api/weekly-status/${id}/recipients`, { name: 'A', email: 'a@b.com' }],
      ['PUT', `/api/weekly-status/${id}/recipients/${recipient.id}`, { name: 'A' }],
      ['DELETE', `/api/weekly-status/${id}/recipients/${recipient.id}`, undefined],
      ['POST', `/api/weekly-status/${id}/resend`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await request(ctx, 'oscar.outsider').send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(DENIED);
    }
    expect((await row(id)).version).toBe(1);

    const other = (
      await ctx.db
        .insertInto('weeklyStatuses')
        .values({ projectId: OTHER, signedType: 1, signedStatus: 'draft' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await request(ctx, 'carla.consultant').get(`/api/weekly-status/${other}`)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', `/api/weekly-status/${other}`, { clientSubmissionDate: '2026-03-06' }],
      ['POST', `/api/weekly-status-contents/weekly-status/${other}/type/1`, { name: 'x' }],
      ['POST', `/api/weekly-status/${other}/recipients`, { name: 'A', email: 'a@b.com' }],
    ] as const) {
      const res = await request(ctx, 'carla.consultant').send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await submit('carla.consultant', other)).statusCode).toBe(403);
    // Alice (Admin, on no team) may
    expect(
      (
        await request(ctx, 'alice.admin').put(`/api/weekly-status/${other}`, {
          clientSubmissionDate: '2026-03-06',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('hostile input: always a 4xx in the one error shape, never a 5xx', () => {
  it('bodies, ids and content types', async () => {
    const id = await created(DURING, 1);
    const content = (
      await request(ctx, 'alice.admin').post(`/api/weekly-status-contents/weekly-status/${id}/type/1`, {
        name: 'x',
      })
    ).json();
    const values: unknown[] = [
      '',
      'a\u0000b',
      'a'.repeat(200_000),
      '\uD800',
      null,
      true,
      [],
      {},
      2147483648,
      -1,
      1.5,
    ];
    const targets: [Method, string, (v: unknown) => unknown][] = [
      ['POST', `/api/weekly-status/project/${DURING}`, (v) => ({ signedType: v })],
      ['PUT', `/api/weekly-status/${id}`, (v) => ({ clientSubmissionDate: v })],
      ['PATCH', `/api/weekly-status/${id}/signed-type`, (v) => ({ signedType: v })],
      [
        'POST',
        `/api/weekly-status-contents/weekly-status/${id}/type/1`,
        (v) => ({ description: v, orderPosition: v }),
      ],
      ['PUT', `/api/weekly-status-contents/${content.id}`, (v) => ({ name: v })],
      ['POST', `/api/weekly-status/${id}/recipients`, (v) => ({ name: v, email: v })],
    ];
    for (const [method, url, body] of targets)
      for (const v of values) {
        const res = await request(ctx, 'alice.admin').send(method, url, body(v));
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(v)?.slice(0, 40)}`).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(Object.keys(res.json())).toEqual(['statusCode', 'error', 'message']);
      }
    for (const bad of ['0', '-1', '99999999999', '1.5', '%00', '__proto__']) {
      for (const url of [
        `/api/weekly-status/${bad}`,
        `/api/weekly-status/${bad}/recipients`,
        `/api/weekly-status/${bad}/file?signed=1`,
        `/api/weekly-status/project/${bad}/download`,
        `/api/weekly-status-contents/weekly-status/${bad}/type/1`,
      ]) {
        const res = await request(ctx, 'alice.admin').get(url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    const badJson = await request(ctx, 'alice.admin').put(
      `/api/weekly-status/${id}`,
      '{"clientSubmissionDate":',
      { headers: { 'content-type': 'application/json' } },
    );
    expect(badJson.statusCode).toBe(400);
    const text = await request(ctx, 'alice.admin').post(`/api/weekly-status/${id}/submit`, 'file', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});
