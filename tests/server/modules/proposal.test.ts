import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '@server/adapters/documents';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';
import type { FormPart } from '../multipart';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const pdf = new PdfDocument({ title: 'Proposta São Paulo' })
  .paragraph('Proposta comercial para o sócio.')
  .toBuffer();
const upload = (login: string, projectId: number, parts: FormPart[]) =>
  request(ctx, login).upload(`/api/projects/${projectId}/proposal`, parts);

describe('proposal file (POST / GET api/projects/{id}/proposal)', () => {
  it('a team member uploads the PDF in Setup; anyone signed in downloads it with its non-ASCII name', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/projects/2/proposal',
          headers: await ctx.auth('carla.consultant'),
        })
      ).statusCode,
    ).toBe(404);
    const res = await upload('carla.consultant', 2, [
      { name: 'file', filename: 'Proposta São Paulo.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fileName: 'Proposta São Paulo.pdf', size: pdf.length });
    const got = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects/2/proposal',
      headers: await ctx.auth('oscar.outsider'),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(got.headers['x-file-name']))).toBe('Proposta São Paulo.pdf');
    expect(String(got.headers['content-disposition'])).toContain(
      "filename*=UTF-8''Proposta%20S%C3%A3o%20Paulo.pdf",
    );
    expect(Buffer.compare(got.rawPayload, pdf)).toBe(0);
    const project = await ctx.db
      .selectFrom('projects')
      .select('proposalFilename')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(project.proposalFilename).toBe('Proposta São Paulo.pdf');
  });

  it('refuses a missing file, a non-PDF named .pdf, outsiders, and members once the project left Setup', async () => {
    const none = await upload('carla.consultant', 2, [{ name: 'other', data: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please, select a file');
    const png = await upload('carla.consultant', 2, [
      {
        name: 'file',
        filename: 'fake.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('\x89PNG\r\n\x1a\nxxxx', 'binary'),
      },
    ]);
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('Only PDF files is allowed');
    expect(
      (await upload('oscar.outsider', 2, [{ name: 'file', filename: 'p.pdf', data: pdf }])).statusCode,
    ).toBe(403);
    expect(
      (await upload('carla.consultant', 3, [{ name: 'file', filename: 'p.pdf', data: pdf }])).statusCode,
    ).toBe(403);
    expect(
      (await upload('alice.admin', 3, [{ name: 'file', filename: 'p.pdf', data: pdf }])).statusCode,
    ).toBe(200);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects/2/proposal',
      headers: await ctx.auth('carla.consultant'),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});
