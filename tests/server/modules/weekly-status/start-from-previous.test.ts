import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  VersionedRecipient,
  VersionedWeeklyStatusContent,
  WeeklyStatus,
  startFromOtherProjectMessage,
  startFromUnknownMessage,
} from '@domain/contract';
import { PdfDocument } from '@server/adapters/documents';
import { insertStoredFile } from '@server/platform/stored-files';
import { createTestContext, demoIds, type TestContext } from '../../helpers';
import { request } from '../../request';

/**
 * Start from the previous weekly status: POST /api/weekly-status/project/{projectId} with `startFrom` copies the
 * sections and recipients of a weekly status of the same project onto the new draft; the signature starts afresh.
 */

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let DURING: number;
let READY: number;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 1 });
  ids = await demoIds(ctx.db);
  DURING = ids.project['DEMO-DURING']!;
  READY = ids.project['DEMO-READY']!;
});
afterAll(() => ctx?.close());

const DENIED = "Only the project's team may work on its weekly statuses";
const createUrl = (projectId: number) => `/api/weekly-status/project/${projectId}`;

/** The seeded weekly status of the project in `signedStatus`. */
const seeded = async (projectId: number, signedStatus: string) =>
  (
    await ctx.db
      .selectFrom('weeklyStatuses')
      .select('id')
      .where('projectId', '=', projectId)
      .where('signedStatus', '=', signedStatus)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

/** Everything stored of one weekly status: the record, its blocks and every recipient (active or not). */
const stored = async (id: number) => ({
  record: await ctx.db
    .selectFrom('weeklyStatuses')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow(),
  contents: await ctx.db
    .selectFrom('weeklyStatusContents')
    .selectAll()
    .where('weeklyStatusId', '=', id)
    .orderBy('id')
    .execute(),
  recipients: await ctx.db
    .selectFrom('weeklyStatusRecipients')
    .selectAll()
    .where('weeklyStatusId', '=', id)
    .orderBy('id')
    .execute(),
});

const countOf = async (projectId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('weeklyStatuses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const historyOf = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', 'Weekly Status')
    .orderBy('id')
    .execute();

/** A section's blocks through the API, without what is the block's own (id, version). */
async function section(id: number, type: number) {
  const res = await request(ctx, 'oscar.outsider').get(
    `/api/weekly-status-contents/weekly-status/${id}/type/${type}`,
  );
  expect(res.statusCode).toBe(200);
  return z
    .array(VersionedWeeklyStatusContent)
    .parse(res.json())
    .map(({ id: _id, version: _v, ...fields }) => fields);
}

describe('Start from the previous weekly status', () => {
  it('copies the sections and the active recipients; the signature starts afresh and the source is unchanged', async () => {
    const source = await seeded(DURING, 'completed');
    // more than one block in a section, in a set order, and a recipient taken off the list
    await ctx.db
      .insertInto('weeklyStatusContents')
      .values([
        {
          weeklyStatusId: source,
          type: 2,
          frontHeader: 'Front B',
          name: 'Interviews',
          description: '<p>Two of five done</p>',
          contentStatus: 'Late',
          orderPosition: 3,
        },
        {
          weeklyStatusId: source,
          type: 2,
          frontHeader: 'Front A',
          name: 'Kick-off',
          description: 'Held',
          contentStatus: 'Done',
          orderPosition: 2,
        },
      ])
      .execute();
    await ctx.db
      .insertInto('weeklyStatusRecipients')
      .values({
        weeklyStatusId: source,
        name: 'Former Contact',
        email: 'former@client.example.com',
        isActive: false,
      })
      .execute();
    // its signed file, as a completed upload has one
    await insertStoredFile(ctx.db, {
      key: `weekly-status/${source}/signed-test`,
      fileName: 'weekly-status-signed.pdf',
      contentType: 'application/pdf',
      size: 1,
    });
    await ctx.db
      .updateTable('weeklyStatuses')
      .set({ signedFileKey: `weekly-status/${source}/signed-test` })
      .where('id', '=', source)
      .execute();
    const before = await stored(source);
    expect(before.record).toMatchObject({
      signedStatus: 'completed',
      isSubmitted: true,
      signedType: 3,
      signatureFilename: 'weekly-status-signed.pdf',
      signedFileKey: `weekly-status/${source}/signed-test`,
    });
    expect(before.record.clientSubmissionDate).not.toBeNull();
    expect(before.recipients.filter((r) => r.isActive)).toEqual([
      expect.objectContaining({ name: 'Helena Souza', isSigned: true, signedCode: 'SIG-1' }),
    ]);
    const history = (await historyOf(DURING)).length;

    const res = await request(ctx, 'marcos.manager').post(createUrl(DURING), {
      signedType: 1,
      startFrom: source,
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    const { id } = res.json() as { id: number };
    expect(id).not.toBe(source);

    // the record: a fresh draft on the path chosen now, nothing of the source's signature
    const got = await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}`);
    expect(got.statusCode).toBe(200);
    expect(WeeklyStatus.parse(got.json())).toMatchObject({
      id,
      signedStatus: 'draft',
      signedType: 1,
      isSubmitted: false,
      submittedAt: null,
      clientSubmissionDate: null,
      signatureFilename: null,
      unSignatureFilename: null,
      version: 1,
    });
    const copy = await stored(id);
    expect(copy.record).toMatchObject({ projectId: DURING, signedFileKey: null, unsignedFileKey: null });
    const envelopes = await ctx.db
      .selectFrom('signatureEnvelopes')
      .select('id')
      .where('ownerType', '=', 'weekly-status')
      .where('ownerId', '=', id)
      .execute();
    expect(envelopes).toEqual([]);

    // the five sections, block for block in the same order
    for (const type of [1, 2, 3, 4, 5]) expect(await section(id, type)).toEqual(await section(source, type));
    expect((await section(id, 2)).map((b) => b.name)).toEqual(['Diagnostic', 'Kick-off', 'Interviews']);
    expect(await section(id, 2)).toEqual([
      {
        type: 2,
        frontHeader: 'Front A',
        name: 'Diagnostic',
        description: 'See notes',
        contentStatus: 'On track',
        orderPosition: 1,
      },
      {
        type: 2,
        frontHeader: 'Front A',
        name: 'Kick-off',
        description: 'Held',
        contentStatus: 'Done',
        orderPosition: 2,
      },
      {
        type: 2,
        frontHeader: 'Front B',
        name: 'Interviews',
        description: '<p>Two of five done</p>',
        contentStatus: 'Late',
        orderPosition: 3,
      },
    ]);
    expect(copy.contents).toHaveLength(7);
    expect(copy.contents.every((c) => c.version === 1)).toBe(true);
    expect(copy.contents.map((c) => c.id).filter((c) => before.contents.some((b) => b.id === c))).toEqual([]);

    // the recipients: the active ones, by name and e-mail, none signed
    const recipients = await request(ctx, 'marcos.manager').get(`/api/weekly-status/${id}/recipients`);
    expect(recipients.statusCode).toBe(200);
    const list = z.array(VersionedRecipient).parse(recipients.json());
    expect(list.map(({ id: _id, ...r }) => r)).toEqual([
      {
        name: 'Helena Souza',
        email: 'helena.souza@client.example.com',
        signedCode: null,
        isSigned: false,
        isActive: true,
        version: 1,
      },
    ]);
    expect(copy.recipients).toHaveLength(1);

    // one history line, naming where it started from
    const lines = (await historyOf(DURING)).slice(history);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'added', changedBy: ids.person['marcos.manager'] });
    expect(lines[0]!.subject).toMatch(
      /^Weekly status of \d{2} \w{3} \d{4}, started from the weekly status of \d{2} \w{3} \d{4}$/,
    );

    // the source is as it was
    expect(await stored(source)).toEqual(before);
  });

  it('the copy is a document of its own: editing it leaves the source alone, and it can be sent again', async () => {
    const source = await seeded(READY, 'sent');
    const before = await stored(source);
    const res = await request(ctx, 'carla.consultant').post(createUrl(READY), {
      signedType: 2,
      startFrom: source,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect((await stored(id)).record).toMatchObject({
      signedStatus: 'draft',
      signedType: 2,
      isSubmitted: false,
      submittedAt: null,
      unSignatureFilename: null,
      unsignedFileKey: null,
    });
    // the copy's block changes; the source's, sent to sign, could not and did not
    const [block] = (await stored(id)).contents;
    const put = await request(ctx, 'carla.consultant').put(
      `/api/weekly-status-contents/${block!.id}`,
      { name: 'This week' },
      { ifMatch: '"1"' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'This week', version: 2 });
    const [recipient] = (await stored(id)).recipients;
    const rename = await request(ctx, 'carla.consultant').put(
      `/api/weekly-status/${id}/recipients/${recipient!.id}`,
      { name: 'Helena S. Souza' },
      { ifMatch: '"1"' },
    );
    expect(rename.statusCode).toBe(200);
    // and a new recipient may be added on the copy
    const added = await request(ctx, 'carla.consultant').post(`/api/weekly-status/${id}/recipients`, {
      name: 'Bruno Client',
      email: 'bruno@client.example.com',
    });
    expect(added.statusCode).toBe(201);
    // its own signing round: sent to sign with its own request, to its own recipients
    const version = (await stored(id)).record.version;
    const sent = await request(ctx, 'carla.consultant').upload(
      `/api/weekly-status/${id}/submit`,
      [
        {
          name: 'file',
          filename: 'week.pdf',
          contentType: 'application/pdf',
          data: new PdfDocument({ title: 'Week' }).toBuffer(),
        },
      ],
      { ifMatch: `"${version}"` },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      signedStatus: 'sent',
      isSubmitted: true,
      unSignatureFilename: 'week.pdf',
    });
    const envelopes = await ctx.db
      .selectFrom('signatureEnvelopes')
      .select('ownerId')
      .where('ownerType', '=', 'weekly-status')
      .where('ownerId', 'in', [id, source])
      .execute();
    expect(envelopes.filter((e) => e.ownerId === id)).toHaveLength(1);
    expect((await stored(id)).recipients.map((r) => [r.name, r.isActive])).toEqual([
      ['Helena S. Souza', true],
      ['Bruno Client', true],
    ]);
    expect(await stored(source)).toEqual(before);
  });

  it('starts from nothing without startFrom, as before', async () => {
    const res = await request(ctx, 'marcos.manager').post(createUrl(READY), { signedType: 3 });
    expect(res.statusCode).toBe(201);
    const copy = await stored((res.json() as { id: number }).id);
    expect(copy.contents).toEqual([]);
    expect(copy.recipients).toEqual([]);
  });

  it('refuses a source of another project (400) and an unknown one (404), creating nothing', async () => {
    const other = await seeded(READY, 'completed');
    const count = await countOf(DURING);
    const history = (await historyOf(DURING)).length;

    const foreign = await request(ctx, 'marcos.manager').post(createUrl(DURING), {
      signedType: 1,
      startFrom: other,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: startFromOtherProjectMessage(other),
    });
    expect(foreign.json().message).toBe(
      `Invalid request: startFrom: weekly status ${other} is not one of this project's weekly statuses`,
    );

    const unknown = await request(ctx, 'marcos.manager').post(createUrl(DURING), {
      signedType: 1,
      startFrom: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(startFromUnknownMessage(999999));
    expect(unknown.json().message).toBe('The weekly status to start from (999999) was not found');

    expect(await countOf(DURING)).toBe(count);
    expect(await historyOf(DURING)).toHaveLength(history);
  });

  it('refuses a bad startFrom with 400', async () => {
    const count = await countOf(DURING);
    for (const startFrom of ['abc', -1, 0, 1.5, null, '12', 2 ** 31]) {
      const res = await request(ctx, 'marcos.manager').post(createUrl(DURING), { signedType: 1, startFrom });
      expect(res.statusCode, JSON.stringify(startFrom)).toBe(400);
      expect(res.json().message).toContain('startFrom');
    }
    // the path is still required
    const source = await seeded(DURING, 'draft');
    const untyped = await request(ctx, 'marcos.manager').post(createUrl(DURING), { startFrom: source });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().message).toContain('signedType');
    expect(await countOf(DURING)).toBe(count);
  });

  it('is for those who may create a weekly status on the project: the team and Admin', async () => {
    const source = await seeded(DURING, 'declined');
    const count = await countOf(DURING);
    for (const login of ['oscar.outsider', 'gil.governance', 'kim.knm', 'pedro.pdc']) {
      const res = await request(ctx, login).post(createUrl(DURING), { signedType: 1, startFrom: source });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message, login).toBe(DENIED);
    }
    expect(
      (await request(ctx, null).post(createUrl(DURING), { signedType: 1, startFrom: source })).statusCode,
    ).toBe(401);
    expect(await countOf(DURING)).toBe(count);

    // a member of the team and Admin (not on the team) may
    for (const login of ['ivan.intern', 'alice.admin']) {
      const res = await request(ctx, login).post(createUrl(DURING), { signedType: 1, startFrom: source });
      expect(res.statusCode, login).toBe(201);
    }
    expect(await countOf(DURING)).toBe(count + 2);
  });
});
