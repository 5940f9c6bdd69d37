import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ClosureInternalRecord } from '@domain/contract';
import { renderPdf } from '@server/adapters/documents';
import { modules } from '@server/modules';
import closureInternal from '@server/modules/closure-internal/routes';
import { CRM_TEMPLATE_HEADERS } from '@server/modules/closure-internal/templates';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

/**
 * Closure Internal: the record and its checklist items, the
 * close-out form (summary, methodologies, references, sustainability, technology read only), the three files
 * and the two templates; forbidden (oscar.outsider, gil.governance), bad input, 412; and the close-out
 * completeness that the 4→5 forward step reads.
 */
if (!modules.includes(closureInternal)) modules.push(closureInternal);

let ctx: TestContext;
let CLOSURE: number; // DEMO-CLOSURE (status 4, close-out incomplete)
let DURING: number; // DEMO-DURING: the main project for form writes
let DRAFT: number; // DEMO-DRAFT: the record is deleted to see the defaults
let OFFICE: number;
let GEOGRAPHY: number;
const who: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  CLOSURE = ids.project['DEMO-CLOSURE']!;
  DURING = ids.project['DEMO-DURING']!;
  DRAFT = ids.project['DEMO-DRAFT']!;
  Object.assign(who, ids.person);
  OFFICE = (await ctx.db.selectFrom('offices').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  GEOGRAPHY = (await ctx.db.selectFrom('geographics').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => ctx?.close());

const base = (id: number) => `/api/project-closure-internal/project/${id}`;
const form = (id: number) => `${base(id)}/form`;
const record = async (id: number) => {
  const res = await request(ctx, 'marcos.manager').get(base(id));
  expect(res.statusCode).toBe(200);
  return ClosureInternalRecord.parse(res.json());
};
const pdf = (title: string) =>
  renderPdf({ title, blocks: [{ type: 'paragraph', text: 'Caso — São Paulo' }] });
const upload = (login: string, url: string, file?: { name: string; data: Buffer; type?: string }) =>
  request(ctx, login).upload(
    url,
    file
      ? [{ name: 'file', filename: file.name, contentType: file.type ?? 'application/pdf', data: file.data }]
      : [{ name: 'other', data: 'x' }],
  );
const changes = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .select(['area', 'action', 'subject'])
    .where('projectId', '=', projectId)
    .where('area', '=', 'Closure Internal')
    .orderBy('id')
    .execute();

describe('GET api/project-closure-internal/project/{id}', () => {
  it('answers the seeded record with its ETag to anyone signed in', async () => {
    const res = await request(ctx, 'oscar.outsider').get(base(CLOSURE));
    expect(res.statusCode).toBe(200);
    const rec = ClosureInternalRecord.parse(res.json());
    expect(res.headers.etag).toBe(`"${rec.version}"`);
    expect(rec).toMatchObject({
      formIDPersonResponsible: who['marcos.manager'],
      crmidPersonResponsible: who['carla.consultant'],
      formStatus: false,
      closureProjectName: 'DEMO-CLOSURE closure',
      formResponsiblePartner: who['paula.partner'],
      formProjectManager: who['marcos.manager'],
      formOffice: null,
      formMethodology: null,
      formCompleteCaseAttach: null,
    });
    expect(rec.references.CreateTool).toEqual({ Select: null, Contact: null, Comment: null });
    expect(Object.keys(rec.references)).toHaveLength(14);
  });

  it('creates the record with its defaults when missing', async () => {
    await ctx.db.deleteFrom('closureInternal').where('projectId', '=', DRAFT).execute();
    const rec = await record(DRAFT);
    expect(rec).toMatchObject({
      formIDPersonResponsible: null,
      formStatus: false,
      sanitizedReferenceStatus: false,
      projectNetworkStatus: false,
      crmStatus: false,
      sanitizedReferenceAttach: null,
      closureProjectName: null,
      formTechnologyUseGapSelect: null,
      version: 1,
    });
  });

  it('answers 404 for an unknown project and 400 for a bad id', async () => {
    expect((await request(ctx, 'marcos.manager').get(base(999_999))).statusCode).toBe(404);
    expect(
      (await request(ctx, 'marcos.manager').get('/api/project-closure-internal/project/abc')).statusCode,
    ).toBe(400);
  });
});

describe('PATCH api/project-closure-internal/project/{id} (checklist items)', () => {
  it('saves a person responsible and a status, bumps the version and records the change', async () => {
    const before = await record(DURING);
    const res = await request(ctx, 'marcos.manager').patch(base(DURING), {
      sanitizedReferenceIDPersonResponsible: who['dora.director'],
    });
    expect(res.statusCode).toBe(200);
    const rec = ClosureInternalRecord.parse(res.json());
    expect(rec.sanitizedReferenceIDPersonResponsible).toBe(who['dora.director']);
    expect(rec.version).toBe(before.version + 1);
    expect(res.headers.etag).toBe(`"${rec.version}"`);

    const done = await request(ctx, 'ivan.intern').patch(base(DURING), { projectNetworkStatus: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().projectNetworkStatus).toBe(true);
    const cleared = await request(ctx, 'alice.admin').patch(base(DURING), { crmidPersonResponsible: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().crmidPersonResponsible).toBeNull();
    expect((await changes(DURING)).map((c) => c.subject)).toEqual(
      expect.arrayContaining([
        'Sanitized References: person responsible',
        'Project Network: status',
        'CRM: person responsible',
      ]),
    );
  });

  it('refuses a person responsible outside the team (400)', async () => {
    const res = await request(ctx, 'marcos.manager').patch(base(DURING), {
      formIDPersonResponsible: who['oscar.outsider'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The person responsible must be a member of the project team');
  });

  it('refuses bad bodies with 400', async () => {
    for (const body of [
      {},
      { formStatus: true, crmStatus: true },
      { formStatus: 'yes' },
      { formMiniCaseComment: 'not a checklist field' },
      { formIDPersonResponsible: -1 },
    ]) {
      const res = await request(ctx, 'marcos.manager').patch(base(DURING), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses people outside closureInternalEdit (403)', async () => {
    for (const login of ['oscar.outsider', 'gil.governance', 'kim.knm']) {
      const res = await request(ctx, login).patch(base(DURING), { formStatus: true });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe("Only the project's team may work on its internal closure");
    }
  });

  it('honours If-Match: 412 with the current record when stale, 200 when current', async () => {
    const rec = await record(DURING);
    const stale = await request(ctx, 'marcos.manager').patch(
      base(DURING),
      { crmStatus: true },
      { ifMatch: `"${rec.version - 1}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.version).toBe(rec.version);
    expect(stale.headers.etag).toBe(`"${rec.version}"`);
    expect((await record(DURING)).crmStatus).toBe(rec.crmStatus);
    const ok = await request(ctx, 'marcos.manager').patch(
      base(DURING),
      { crmStatus: true },
      { ifMatch: `"${rec.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().crmStatus).toBe(true);
    const bad = await request(ctx, 'marcos.manager').patch(
      base(DURING),
      { crmStatus: true },
      { ifMatch: 'x' },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH api/project-closure-internal/project/{id}/form (close-out form)', () => {
  const patchForm = (body: unknown, login = 'carla.consultant', headers: Record<string, string> = {}) =>
    request(ctx, login).patch(form(DURING), body, { headers });

  it('saves a summary of 500 characters and refuses 501 with the spec message', async () => {
    const ok = await patchForm({ formMiniCaseComment: 'x'.repeat(500) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().formMiniCaseComment).toHaveLength(500);
    const long = await patchForm({ formMiniCaseComment: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Project summary: 500 characters maximum');
    const blank = await patchForm({ formMiniCaseComment: '   ' });
    expect(blank.json().formMiniCaseComment).toBeNull();
  });

  it('stores methodologies comma-joined, refusing the excluded ids, "No Methodology" and unknown ids', async () => {
    const list = await patchForm({ formMethodology: [3, 1, 3] });
    expect(list.statusCode).toBe(200);
    expect(list.json().formMethodology).toBe('3,1');
    const joined = await patchForm({ formMethodology: ' 2, 4 ' });
    expect(joined.json().formMethodology).toBe('2,4');
    for (const id of [0, 13, 15, 37, 47, 48, 49, 50, 76]) {
      const res = await patchForm({ formMethodology: [1, id] });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().message).toBe(`Methodology ${id} cannot be chosen for the close-out form`);
    }
    const unknown = await patchForm({ formMethodology: '1,99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Methodology 99999 does not exist');
    expect((await patchForm({ formMethodology: 'strategy' })).statusCode).toBe(400);
    expect((await record(DURING)).formMethodology).toBe('2,4');
    expect((await patchForm({ formMethodology: [] })).json().formMethodology).toBeNull();
  });

  it('patches one reference topic at a time, merging its parts; contacts from the team only', async () => {
    const sel = await patchForm({ references: { CreateTool: { Select: true } } });
    expect(sel.statusCode).toBe(200);
    const withContact = await patchForm({
      references: { CreateTool: { Contact: who['dora.director'], Comment: 'A pricing model' } },
    });
    expect(withContact.json().references.CreateTool).toEqual({
      Select: true,
      Contact: who['dora.director'],
      Comment: 'A pricing model',
    });
    expect(withContact.json().references.BuyReport).toEqual({ Select: null, Contact: null, Comment: null });
    const outsider = await patchForm({ references: { BuyReport: { Contact: who['oscar.outsider'] } } });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe('The person responsible must be a member of the project team');
    for (const body of [
      { references: { CreateTool: {} } },
      { references: { CreateTool: { Select: true }, BuyReport: { Select: true } } },
      { references: { Nope: { Select: true } } },
      { references: { CreateTool: { Select: 'yes' } } },
    ])
      expect((await patchForm(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await changes(DURING)).map((c) => c.subject)).toContain('References: CreateTool');
  });

  it('saves the sustainability answers and refuses the technology items (read only)', async () => {
    const res = await patchForm({ formClientFocusedOnSustainabilitySelect: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().formClientFocusedOnSustainabilitySelect).toBe(true);
    const comment = await patchForm({ formTopicOfSustainabilityTouchedComment: 'Energy' });
    expect(comment.json().formTopicOfSustainabilityTouchedComment).toBe('Energy');
    const tech = await patchForm({ formTechnologyUseGapSelect: true });
    expect(tech.statusCode).toBe(400);
    expect(tech.json().message).toContain('the technology items are read only');
  });

  it('checks dates, the order of start and end, the partner and manager against the team, and lookups', async () => {
    expect((await patchForm({ formProjectStartDate: '2026-02-01' })).statusCode).toBe(200);
    expect((await patchForm({ formProjectEndDate: '2026-05-31' })).statusCode).toBe(200);
    const before = await patchForm({ formProjectEndDate: '2026-01-31' });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('The end date cannot be earlier than the start date');
    expect((await patchForm({ formProjectStartDate: '2026-02-30' })).statusCode).toBe(400);
    expect((await patchForm({ formProjectStartDate: '1/2/2026' })).statusCode).toBe(400);
    const partner = await patchForm({ formResponsiblePartner: who['oscar.outsider'] });
    expect(partner.statusCode).toBe(400);
    expect((await patchForm({ formResponsiblePartner: who['paula.partner'] })).statusCode).toBe(200);
    expect((await patchForm({ formOffice: 999_999 })).statusCode).toBe(400);
    expect((await patchForm({ formOffice: OFFICE })).json().formOffice).toBe(OFFICE);
    expect((await patchForm({ unknownField: 1 })).statusCode).toBe(400);
    expect((await patchForm({ formOffice: OFFICE, formGeography: GEOGRAPHY })).statusCode).toBe(400);
  });

  it('refuses outsiders and governance (403) and stale versions (412)', async () => {
    for (const login of ['oscar.outsider', 'gil.governance']) {
      const res = await patchForm({ closureProjectName: 'x' }, login);
      expect(res.statusCode, login).toBe(403);
    }
    const rec = await record(DURING);
    const stale = await patchForm({ closureProjectName: 'Stale' }, 'marcos.manager', {
      'if-match': `"${rec.version + 5}"`,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.closureProjectName).toBe(rec.closureProjectName);
    const ok = await patchForm({ closureProjectName: 'Fresh' }, 'alice.admin', {
      'if-match': `"${rec.version}"`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().closureProjectName).toBe('Fresh');
  });
});

describe('files (POST / GET, multipart field `file`)', () => {
  const kinds = [
    ['sanitized-references', 'sanitizedReferenceAttach'],
    ['crm', 'crmAttach'],
    ['close-out/complete-case', 'formCompleteCaseAttach'],
  ] as const;

  for (const [path, attach] of kinds) {
    it(`${path}: 404 before, uploads a PDF, downloads it by name, replaces it`, async () => {
      const url = `/api/projects/${DURING}/${path}/file`;
      const none = await request(ctx, 'oscar.outsider').get(url);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('There is no file yet.');

      const first = pdf(`First ${path}`);
      const up = await upload('carla.consultant', url, { name: 'Relatório final.pdf', data: first });
      expect(up.statusCode).toBe(200);
      const rec = ClosureInternalRecord.parse(up.json());
      expect(rec[attach]).toBe('Relatório final.pdf');
      expect(up.headers.etag).toBe(`"${rec.version}"`);

      const down = await request(ctx, 'oscar.outsider').get(url);
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-type']).toBe('application/pdf');
      expect(decodeURIComponent(String(down.headers['x-file-name']))).toBe('Relatório final.pdf');
      expect(down.rawPayload.equals(first)).toBe(true);

      const keyColumn =
        path === 'crm'
          ? 'crmFileKey'
          : path === 'sanitized-references'
            ? 'sanitizedReferenceFileKey'
            : 'formCompleteCaseFileKey';
      const oldKey = (
        await ctx.db
          .selectFrom('closureInternal')
          .select(keyColumn)
          .where('projectId', '=', DURING)
          .executeTakeFirstOrThrow()
      )[keyColumn]!;
      const second = pdf(`Second ${path}`);
      expect((await upload('alice.admin', url, { name: 'v2.pdf', data: second })).statusCode).toBe(200);
      const again = await request(ctx, 'marcos.manager').get(url);
      expect(again.rawPayload.equals(second)).toBe(true);
      expect(decodeURIComponent(String(again.headers['x-file-name']))).toBe('v2.pdf');
      expect(
        await ctx.db.selectFrom('storedFiles').select('key').where('key', '=', oldKey).execute(),
      ).toEqual([]);
      expect(await ctx.app.files.get(oldKey)).toBeUndefined();
      expect((await changes(DURING)).map((c) => c.action)).toContain('uploaded');
    });

    it(`${path}: refuses no file, outsiders and governance`, async () => {
      const url = `/api/projects/${DURING}/${path}/file`;
      const none = await upload('marcos.manager', url);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please, select a file');
      const json = await request(ctx, 'marcos.manager').post(url, { file: 'x' });
      expect(json.statusCode).toBe(400);
      for (const login of ['oscar.outsider', 'gil.governance']) {
        const res = await upload(login, url, { name: 'x.pdf', data: pdf('x') });
        expect(res.statusCode, login).toBe(403);
      }
      expect(
        (
          await upload('marcos.manager', `/api/projects/999999/${path}/file`, {
            name: 'x.pdf',
            data: pdf('x'),
          })
        ).statusCode,
      ).toBe(404);
    });
  }

  it('sanitized references and the case take PDF only', async () => {
    for (const path of ['sanitized-references', 'close-out/complete-case']) {
      const res = await upload('marcos.manager', `/api/projects/${DURING}/${path}/file`, {
        name: 'notes.pdf',
        data: Buffer.from('plain text, not a PDF'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Only PDF files is allowed');
    }
  });

  it('the CRM file also takes the filled CRM template (.xlsx), and refuses other types', async () => {
    const template = await request(ctx, 'marcos.manager').get(`/api/projects/${DURING}/CRM/template`);
    const xlsx = template.rawPayload;
    const url = `/api/projects/${DURING}/crm/file`;
    const res = await upload('marcos.manager', url, {
      name: 'crm-filled.xlsx',
      data: xlsx,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().crmAttach).toBe('crm-filled.xlsx');
    const down = await request(ctx, 'marcos.manager').get(url);
    expect(down.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(down.rawPayload.equals(xlsx)).toBe(true);
    for (const file of [
      { name: 'notes.txt', data: Buffer.from('hello') },
      { name: 'archive.zip', data: xlsx },
    ]) {
      const bad = await upload('marcos.manager', url, file);
      expect(bad.statusCode, file.name).toBe(400);
      expect(bad.json().message).toBe('Only PDF or Excel (.xlsx) files are allowed');
    }
  });
});

describe('templates', () => {
  it('the complete case template is a generated PDF named after the project', async () => {
    const res = await request(ctx, 'oscar.outsider').get(
      `/api/projects/${CLOSURE}/close-out/complete-case/template`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(
      'complete-case-template-DEMO-CLOSURE.pdf',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(
      (await request(ctx, 'oscar.outsider').get('/api/projects/999999/close-out/complete-case/template'))
        .statusCode,
    ).toBe(404);
  });

  it('the CRM template is an Excel sheet with the contact columns and the portal stakeholders', async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/api/projects/${CLOSURE}/CRM/template`);
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe('CRM-template-DEMO-CLOSURE.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(CRM_TEMPLATE_HEADERS);
    for (const label of [
      'First Name',
      'Last Name',
      'CRM Classification',
      'Professional Email',
      'Position Name',
      'Standard Area/Department',
      'Standard Position',
      'Integration Focal Point',
      'Responsible Office',
      'Industry',
      'Resident Country',
      'Language',
      'Pronoun',
      'LinkedIn',
    ])
      expect(header).toContain(label);
    const stakeholders = await ctx.db
      .selectFrom('sessionStakeholders')
      .select('name')
      .where('projectId', '=', CLOSURE)
      .execute();
    expect(ws.rowCount).toBe(1 + stakeholders.length);
    if (stakeholders.length > 0) expect(ws.getRow(2).getCell(9).value).toBe('CLIENT');
  });
});

describe('close-out completeness and the 4→5 forward step (DEMO-CLOSURE)', () => {
  it('refuses Forward to Finished until the form is complete and the case uploaded, then allows it', async () => {
    const forward = () =>
      request(ctx, 'marcos.manager').put(`/api/projects/${CLOSURE}/status`, { idStatus: 5 });
    const refused = await forward();
    expect(refused.statusCode).toBe(409);

    for (const body of [
      { formOffice: OFFICE },
      { formGeography: GEOGRAPHY },
      { formMethodology: [1, 3] },
      { formMiniCaseComment: 'x'.repeat(500) },
    ]) {
      const res = await request(ctx, 'carla.consultant').patch(form(CLOSURE), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
    }
    expect((await forward()).statusCode).toBe(409); // the case file is still missing

    const up = await upload('carla.consultant', `/api/projects/${CLOSURE}/close-out/complete-case/file`, {
      name: 'complete-case.pdf',
      data: pdf('Complete case'),
    });
    expect(up.statusCode).toBe(200);
    const ok = await forward();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().idStatus).toBe(5);
  });
});
