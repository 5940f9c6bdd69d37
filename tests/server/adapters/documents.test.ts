import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_FOOTER, PdfDocument, renderPdf } from '@server/adapters/documents';
import { simplePdf } from '@server/modules/support/pdf';
import { documentPdf, SUPPORT_DOCUMENTS } from '@server/modules/support/service';

// Text is extracted back with poppler's pdftotext / pdfinfo / pdffonts (Debian poppler-utils), the way a
// reader or a search index sees the document.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-docs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function save(pdf: Buffer): string {
  const file = path.join(dir, `doc-${++n}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}
const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });
const text = (pdf: Buffer, page?: number) =>
  poppler('pdftotext', [
    ...(page ? ['-f', String(page), '-l', String(page)] : []),
    '-enc',
    'UTF-8',
    save(pdf),
    '-',
  ]);
const info = (pdf: Buffer) => poppler('pdfinfo', ['-enc', 'UTF-8', save(pdf)]);

describe('documents adapter (pdfkit + embedded DejaVu Sans)', () => {
  it('prints Portuguese text exactly: the extracted text contains "São Paulo", "sócio", "Gestão"', () => {
    const pdf = new PdfDocument({ title: 'Relatório semanal — São Paulo', subtitle: 'Gestão de projetos' })
      .heading('Sócio responsável')
      .paragraph('O sócio do escritório de São Paulo aprovou a Gestão do projeto.')
      .keyValues([
        ['Cliente', 'Banco São Paulo S.A.'],
        ['Escritório', 'São Paulo'],
        ['Observações', null],
      ])
      .bullets(['Reunião de alinhamento concluída', 'Próximos passos: validação com o sócio'])
      .toBuffer();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const t = text(pdf);
    for (const s of [
      'São Paulo',
      'sócio',
      'Gestão',
      'Relatório semanal — São Paulo',
      'Gestão de projetos',
      'Sócio responsável',
      'O sócio do escritório de São Paulo aprovou a Gestão do projeto.',
      'Banco São Paulo S.A.',
      'Reunião de alinhamento concluída',
      'Próximos passos: validação com o sócio',
      DEFAULT_FOOTER,
      'Page 1 of 1',
    ]) {
      expect(t, s).toContain(s);
    }
    expect(t).not.toContain('S?o');
    // an empty value shows a dash, not nothing
    expect(t).toMatch(/Observações\s+—/);
    // the metadata title is Unicode too
    expect(info(pdf)).toMatch(/Title:\s+Relatório semanal — São Paulo/);
  });

  it('embeds DejaVu Sans (regular and bold) and uses no standard font', () => {
    const pdf = new PdfDocument({ title: 'Fonts' })
      .paragraph('regular')
      .paragraph('bold', { bold: true })
      .toBuffer();
    const fonts = poppler('pdffonts', [save(pdf)]);
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBe(2);
    expect(rows.some((r) => /\+DejaVuSans\s/.test(r))).toBe(true);
    expect(rows.some((r) => /\+DejaVuSans-Bold\s/.test(r))).toBe(true);
    for (const r of rows) expect(r).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/); // embedded, subset, ToUnicode
    expect(fonts).not.toMatch(/Helvetica|Times|Courier/);
  });

  it('numbers the pages of a multi-page document: "Page i of N" in the footer of each page', () => {
    const doc = new PdfDocument({ title: 'Long report' });
    for (let i = 1; i <= 40; i++) {
      doc
        .heading(`Section ${i}`, 2)
        .paragraph(`Paragraph ${i}. ${'Texto do relatório de Gestão com várias linhas. '.repeat(8)}`);
    }
    const pdf = doc.toBuffer();
    const pages = Number(/Pages:\s+(\d+)/.exec(info(pdf))![1]);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(doc.pageCount).toBe(pages);
    for (let p = 1; p <= pages; p++) {
      const t = text(pdf, p);
      expect(t, `page ${p}`).toContain(`Page ${p} of ${pages}`);
      expect(t, `page ${p}`).toContain(DEFAULT_FOOTER);
    }
    // nothing lost across page breaks
    const all = text(pdf);
    for (let i = 1; i <= 40; i++) expect(all).toContain(`Section ${i}`);
    expect(all.match(/Page \d+ of \d+/g)!.length).toBe(pages);
  });

  it('renders a declarative document; footer and page numbers can be turned off; toStream gives the same kind of bytes', async () => {
    const pdf = renderPdf({
      title: 'Declarative',
      footer: '',
      pageNumbers: false,
      blocks: [
        { type: 'heading', text: 'Heading one' },
        { type: 'paragraph', text: 'A paragraph.' },
        { type: 'spacer', lines: 2 },
        { type: 'keyValues', rows: [['Key', 42]] },
        { type: 'pageBreak' },
        { type: 'bullets', items: ['First bullet', 'Second bullet'] },
      ],
    });
    const t = text(pdf);
    for (const s of [
      'Declarative',
      'Heading one',
      'A paragraph.',
      'Key',
      '42',
      'First bullet',
      'Second bullet',
    ])
      expect(t).toContain(s);
    expect(t).not.toContain('Page 1');
    expect(t).not.toContain(DEFAULT_FOOTER);
    expect(Number(/Pages:\s+(\d+)/.exec(info(pdf))![1])).toBe(2);

    const doc = new PdfDocument({ title: 'Streamed São Paulo' });
    const chunks: Buffer[] = [];
    for await (const c of doc.toStream()) chunks.push(c as Buffer);
    const streamed = Buffer.concat(chunks);
    expect(streamed.equals(doc.toBuffer())).toBe(true); // finishing twice gives the same document
    expect(text(streamed)).toContain('Streamed São Paulo');
  });
});

describe('support PDFs (modules/support/pdf.ts on the documents adapter)', () => {
  it('has seven reference documents, each PDF carrying its title, its text and the office "São Paulo"', () => {
    const entries = [...SUPPORT_DOCUMENTS];
    expect(entries.length).toBe(7);
    for (const [slug, d] of entries) {
      const { fileName, pdf } = documentPdf(slug);
      expect(fileName).toBe(`${d.title}.pdf`);
      expect(pdf.subarray(0, 5).toString('latin1'), slug).toBe('%PDF-');
      const t = text(pdf).replace(/\s+/g, ' ');
      expect(t, slug).toContain(d.title);
      for (const line of d.lines) expect(t, `${slug}: ${line}`).toContain(line);
      expect(t, slug).toContain('Project Portal — São Paulo');
      expect(t, slug).toContain('Page 1 of 1');
      expect(info(pdf), slug).toMatch(new RegExp(`Title:\\s+${d.title}\\n`));
    }
  });

  it('simplePdf prints any Unicode line it is given', () => {
    const t = text(simplePdf('Gestão de Materiais', ['Escritório de São Paulo: fale com o sócio.']));
    expect(t).toContain('Gestão de Materiais');
    expect(t).toContain('Escritório de São Paulo: fale com o sócio.');
  });
});
