import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PdfDocument } from '@server/adapters/documents';
import { mergePdfs } from '@server/adapters/documents/merge';

const doc = (title: string, extraPages = 0) => {
  const d = new PdfDocument({ title }).paragraph(`${title}, first page`);
  for (let i = 0; i < extraPages; i++) d.pageBreak().paragraph(`${title}, page ${i + 2}`);
  return d.toBuffer();
};
const text = (pdf: Buffer) => {
  if (!fs.existsSync('/usr/bin/pdftotext')) return undefined;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'merge-')), 'm.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
};

describe('mergePdfs (pdf-lib)', () => {
  it('puts every page of each document in the order given, text intact', async () => {
    const merged = await mergePdfs([doc('Semana São Paulo', 1), doc('Week two'), doc('Week three', 2)]);
    expect(merged.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(merged);
    expect(parsed.getPageCount()).toBe(6);
    const t = text(merged);
    if (t !== undefined) {
      const order = [
        'Semana São Paulo, first page',
        'Semana São Paulo, page 2',
        'Week two, first page',
        'Week three, page 3',
      ];
      const at = order.map((s) => t.indexOf(s));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });

  it('one document stays one document; none or a non-PDF is an error', async () => {
    const one = await mergePdfs([doc('Alone', 2)]);
    expect((await PDFDocument.load(one)).getPageCount()).toBe(3);
    await expect(mergePdfs([])).rejects.toThrow(/no documents/);
    await expect(mergePdfs([Buffer.from('not a pdf')])).rejects.toThrow();
  });
});
