import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import multipart from '@fastify/multipart';
import { multipartBody, type FormPart as Part } from '../multipart';
import { parse as parseContentDisposition } from 'content-disposition';
import Fastify, { type FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { MemoryFileStore } from '@server/adapters/files';
import { PdfDocument } from '@server/adapters/documents';
import { HttpError } from '@server/http';
import {
  cleanFileName,
  isPdf,
  MULTIPART_OPTIONS,
  newFileKey,
  readPdfUpload,
  sendStoredFile,
} from '@server/platform/files';

// A tiny app like the portal's: @fastify/multipart registered once, the JSON body limit left at Fastify's
// default (1 MB), each upload route with its own limit.
const SMALL_LIMIT = 64 * 1024;
const LARGE_LIMIT = 3 * 1024 * 1024;

const store = new MemoryFileStore();
let app: FastifyInstance;

async function buildTestApp() {
  const a = Fastify({ logger: false });
  await a.register(multipart, MULTIPART_OPTIONS);
  a.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError)
      return reply
        .code(error.statusCode)
        .send({ statusCode: error.statusCode, error: 'Error', message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({
      statusCode: status,
      error: 'Error',
      message: status >= 500 ? 'Something went wrong on the server' : (error as Error).message,
    });
  });
  for (const [route, maxBytes] of [
    ['/small', SMALL_LIMIT],
    ['/large', LARGE_LIMIT],
  ] as const) {
    a.post(route, async (request) => {
      const upload = await readPdfUpload(request, { maxBytes });
      const key = newFileKey('uploads');
      await store.put(key, upload.buffer, { contentType: 'application/pdf', fileName: upload.fileName });
      return { key, fileName: upload.fileName, size: upload.size };
    });
  }
  a.get('/files/uploads/:id', async (request, reply) => {
    const file = await store.get(`uploads/${(request.params as { id: string }).id}`);
    if (!file) throw new HttpError(404, 'No such file');
    return sendStoredFile(reply, file.stream, file);
  });
  a.post('/json', async (request) => request.body);
  return a;
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const form = multipartBody;

const pdf = new PdfDocument({ title: 'Proposta São Paulo' })
  .paragraph('Proposta comercial para o sócio.')
  .toBuffer();
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  crypto.randomBytes(200),
]);

/** A valid PDF of about `bytes` bytes (a generated one with padding in a comment after %%EOF is still a PDF). */
function bigPdf(bytes: number) {
  return Buffer.concat([
    pdf,
    Buffer.from('\n%'),
    crypto.randomBytes(Math.max(0, bytes - pdf.length - 2)).map((b) => (b === 10 || b === 13 ? 32 : b)),
  ]);
}

async function upload(route: string, parts: Part[]) {
  const { payload, headers } = form(parts);
  return app.inject({ method: 'POST', url: route, payload, headers });
}

describe('readPdfUpload + sendStoredFile', () => {
  it('accepts a real PDF and streams it back byte-identical, with x-file-name and a UTF-8 Content-Disposition', async () => {
    const res = await upload('/small', [
      { name: 'file', filename: 'Proposta São Paulo.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { key: string; fileName: string; size: number };
    expect(body.fileName).toBe('Proposta São Paulo.pdf');
    expect(body.size).toBe(pdf.length);
    expect(body.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);

    const down = await app.inject({ method: 'GET', url: `/files/${body.key}` });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(pdf)).toBe(true);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(Number(down.headers['content-length'])).toBe(pdf.length);
    expect(decodeURIComponent(String(down.headers['x-file-name']))).toBe('Proposta São Paulo.pdf');
    expect(String(down.headers['access-control-expose-headers'])).toContain('x-file-name');
    const cd = String(down.headers['content-disposition']);
    expect(cd).toContain("filename*=UTF-8''Proposta%20S%C3%A3o%20Paulo.pdf");
    expect(cd).toMatch(/^attachment; filename="Proposta S\?o Paulo\.pdf"/); // ASCII fallback for old clients
    const parsed = parseContentDisposition(cd);
    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters.filename).toBe('Proposta São Paulo.pdf');
  });

  it('checks the content, not the name: a PNG or a text file named .pdf is refused, a PDF named .txt accepted', async () => {
    for (const data of [PNG, Buffer.from('just some text, not a PDF at all')]) {
      const res = await upload('/small', [
        { name: 'file', filename: 'proposal.pdf', contentType: 'application/pdf', data },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'Only PDF files is allowed' });
    }
    const ok = await upload('/small', [
      { name: 'file', filename: 'renamed.txt', contentType: 'text/plain', data: pdf },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fileName).toBe('renamed.txt');
  });

  it('answers 400 "Please, select a file" without a file, with an empty file, or with the file in another field', async () => {
    const cases: Part[][] = [
      [{ name: 'comment', data: 'no file here' }],
      [{ name: 'file', filename: 'empty.pdf', contentType: 'application/pdf', data: Buffer.alloc(0) }],
      [{ name: 'document', filename: 'p.pdf', contentType: 'application/pdf', data: pdf }],
      [],
    ];
    for (const parts of cases) {
      const res = await upload('/small', parts);
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(400);
      expect(res.json().message).toBe('Please, select a file');
    }
  });

  it('takes the `file` field when other fields and files come with it', async () => {
    const res = await upload('/small', [
      { name: 'comment', data: 'hello' },
      { name: 'other', filename: 'x.png', contentType: 'image/png', data: PNG },
      { name: 'file', filename: 'C:\\fakepath\\Gestão.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'Gestão.pdf', size: pdf.length });
  });

  it('answers 413 over the route limit, and each route has its own limit above the JSON body limit', async () => {
    const big = bigPdf(1.5 * 1024 * 1024); // over Fastify's 1 MB JSON body limit
    expect(isPdf(big)).toBe(true);
    const tooBig = await upload('/small', [
      { name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is too large: the limit is 64 KB');
    const fits = await upload('/large', [
      { name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(fits.statusCode).toBe(200);
    expect(fits.json().size).toBe(big.length);
    const down = await app.inject({ method: 'GET', url: `/files/${fits.json().key}` });
    expect(down.rawPayload.equals(big)).toBe(true);
    // a file one byte over the limit is refused, one at the limit accepted
    const atLimit = bigPdf(SMALL_LIMIT);
    expect(atLimit.length).toBe(SMALL_LIMIT);
    expect((await upload('/small', [{ name: 'file', filename: 'a.pdf', data: atLimit }])).statusCode).toBe(
      200,
    );
    expect(
      (await upload('/small', [{ name: 'file', filename: 'a.pdf', data: bigPdf(SMALL_LIMIT + 1) }]))
        .statusCode,
    ).toBe(413);
  });

  it('answers a 4xx, never a 500, to a JSON body, a missing body or a broken multipart body', async () => {
    const json = await app.inject({ method: 'POST', url: '/small', payload: { file: 'JVBERi0xLjQ=' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please, select a file');
    const empty = await app.inject({ method: 'POST', url: '/small' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please, select a file');
    const broken = await app.inject({
      method: 'POST',
      url: '/small',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^Invalid request: the upload could not be read/);
    // the JSON body limit of the app is untouched (Fastify's default 1 MB)
    const bigJson = await app.inject({
      method: 'POST',
      url: '/json',
      payload: { x: 'y'.repeat(1.2 * 1024 * 1024) },
    });
    expect(bigJson.statusCode).toBe(413);
  });

  it('works over a real socket with a browser-style FormData upload', async () => {
    const server = await buildTestApp();
    const address = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Relatório sócio.pdf');
      const res = await fetch(`${address}/small`, { method: 'POST', body: fd });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { key: string; fileName: string };
      expect(body.fileName).toBe('Relatório sócio.pdf');
      const down = await fetch(`${address}/files/${body.key}`);
      expect(down.status).toBe(200);
      expect(Buffer.from(await down.arrayBuffer()).equals(pdf)).toBe(true);
      expect(decodeURIComponent(down.headers.get('x-file-name')!)).toBe('Relatório sócio.pdf');
      expect(parseContentDisposition(down.headers.get('content-disposition')!).parameters.filename).toBe(
        'Relatório sócio.pdf',
      );
    } finally {
      await server.close();
    }
  });
});

describe('helpers', () => {
  it('isPdf looks at the first bytes only', () => {
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(PNG)).toBe(false);
  });

  it('cleanFileName keeps the base name and drops control characters', () => {
    expect(cleanFileName('C:\\Users\\ana\\Proposta São Paulo.pdf')).toBe('Proposta São Paulo.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('')).toBe('file.pdf');
    expect(cleanFileName('..')).toBe('file.pdf');
  });

  it('newFileKey makes a fresh valid key under the prefix', () => {
    const a = newFileKey('projects/2/proposal');
    const b = newFileKey('projects/2/proposal/');
    expect(a).toMatch(/^projects\/2\/proposal\/[0-9a-f-]{36}$/);
    expect(b).toMatch(/^projects\/2\/proposal\/[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(() => newFileKey('../x')).toThrow(/Invalid file key/);
  });
});
