import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

/**
 * Generated PDF documents (support material, the weekly status document, …) with pdfkit and the DejaVu
 * Sans TrueType font (npm `dejavu-fonts-ttf`) embedded as the default font, regular and bold: every
 * Unicode letter the firm writes (São Paulo, sócio, Gestão) prints exactly and is extracted exactly by
 * text tools and screen readers (pdfkit embeds a subset with a ToUnicode map).
 *
 * A small document API: a title (and subtitle), headings, paragraphs, key/value tables, bullet lists,
 * page breaks, and a footer on every page with a line of text and "Page n of N". Pages are A4.
 *
 *   const pdf = new PdfDocument({ title: 'Weekly status' })
 *     .heading('Project').keyValues([['Client', 'Banco São Paulo']]).bullets(['On track'])
 *     .toBuffer();
 *
 * Rendering is synchronous (pdfkit writes into memory); `toStream()` hands the same bytes out as a stream.
 */
export const PDF_CONTENT_TYPE = 'application/pdf';

/** The footer line of every portal document unless another is given. */
export const DEFAULT_FOOTER = 'Project Portal — São Paulo';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;

/** A parsed font (fontkit's `Font`; pdfkit accepts one wherever it takes a font file). */
interface ParsedFont {
  layout(text: string): unknown;
}
// fontkit as pdfkit itself resolves it (a dependency of pdfkit, not of ours)
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): ParsedFont };

let fontData: { regular: ParsedFont; bold: ParsedFont } | undefined;
/**
 * The two fonts, read and parsed once per process and shared by every document: parsing DejaVu Sans
 * again for each document cost ~20 ms per font. Safe because pdfkit renders synchronously and takes a
 * fresh subset per document.
 */
function fonts() {
  fontData ??= {
    regular: fontkit.create(fs.readFileSync(FONT_FILES.regular)),
    bold: fontkit.create(fs.readFileSync(FONT_FILES.bold)),
  };
  return fontData;
}

const REGULAR = 'Regular';
const BOLD = 'Bold';

const COLORS = { text: '#222222', muted: '#666666', accent: '#8b1a1a', rule: '#cccccc' };
const SIZES = { title: 20, subtitle: 12, h1: 14, h2: 12, body: 10.5, footer: 8 };
const MARGINS = { top: 56, bottom: 64, left: 56, right: 56 };
/** Width of the key column of a key/value table, as a share of the text width. */
const KEY_SHARE = 0.34;
const CELL_PAD = 4;

export interface DocumentOptions {
  /** Printed at the top of the first page and stored as the PDF's title. */
  title: string;
  subtitle?: string;
  /** PDF metadata (default "Project Portal"). */
  author?: string;
  /** The footer line (default `DEFAULT_FOOTER`); '' for none. */
  footer?: string;
  /** "Page n of N" in the footer (default true). */
  pageNumbers?: boolean;
}

export type KeyValueRows = ReadonlyArray<readonly [string, string | number | null | undefined]>;

/** One block of a declarative document (`renderPdf`). */
export type DocumentBlock =
  | { type: 'heading'; text: string; level?: 1 | 2 }
  | { type: 'paragraph'; text: string; bold?: boolean; muted?: boolean }
  | { type: 'keyValues'; rows: KeyValueRows }
  | { type: 'bullets'; items: readonly string[] }
  | { type: 'spacer'; lines?: number }
  | { type: 'pageBreak' };

export interface DocumentSpec extends DocumentOptions {
  blocks: readonly DocumentBlock[];
}

/** A PDF being written. Methods chain; `toBuffer()` / `toStream()` finish it (once). */
export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly options: DocumentOptions;
  private finished: Buffer | undefined;
  private pages = 0;

  constructor(options: DocumentOptions) {
    this.options = options;
    const f = fonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGINS,
      bufferPages: true,
      autoFirstPage: true,
      displayTitle: true,
      // the embedded font is the default from the start (no standard 14 font is ever used)
      font: f.regular as unknown as string,
      info: {
        Title: options.title,
        Author: options.author ?? 'Project Portal',
        Creator: 'Project Portal',
        Producer: 'Project Portal',
      },
    });
    this.doc.registerFont(REGULAR, f.regular as unknown as Buffer);
    this.doc.registerFont(BOLD, f.bold as unknown as Buffer);
    this.doc.font(REGULAR).fontSize(SIZES.body).fillColor(COLORS.text);

    this.doc
      .font(BOLD)
      .fontSize(SIZES.title)
      .fillColor(COLORS.text)
      .text(options.title, { width: this.width });
    if (options.subtitle) {
      this.doc
        .moveDown(0.2)
        .font(REGULAR)
        .fontSize(SIZES.subtitle)
        .fillColor(COLORS.muted)
        .text(options.subtitle, { width: this.width });
    }
    this.doc.moveDown(0.4);
    const y = this.doc.y;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(1.5)
      .strokeColor(COLORS.accent)
      .stroke();
    this.doc.y = y + 12;
    this.body();
  }

  private get left() {
    return this.doc.page.margins.left;
  }

  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Back to body text at the left margin. */
  private body() {
    this.doc.font(REGULAR).fontSize(SIZES.body).fillColor(COLORS.text);
    this.doc.x = this.left;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private ensureRoom(height: number) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.x = this.left;
    }
  }

  heading(text: string, level: 1 | 2 = 1): this {
    this.doc.font(BOLD).fontSize(level === 1 ? SIZES.h1 : SIZES.h2);
    // keep a heading with at least two lines of what follows
    const h = this.doc.heightOfString(text, { width: this.width });
    this.ensureRoom(h + 3 * this.doc.currentLineHeight(true));
    this.doc.moveDown(0.6);
    this.doc.x = this.left;
    this.doc.fillColor(level === 1 ? COLORS.accent : COLORS.text).text(text, { width: this.width });
    this.doc.moveDown(0.3);
    this.body();
    return this;
  }

  paragraph(text: string, opts: { bold?: boolean; muted?: boolean } = {}): this {
    this.doc
      .font(opts.bold ? BOLD : REGULAR)
      .fontSize(SIZES.body)
      .fillColor(opts.muted ? COLORS.muted : COLORS.text);
    this.doc.x = this.left;
    this.doc.text(text, { width: this.width, lineGap: 2 });
    this.doc.moveDown(0.5);
    this.body();
    return this;
  }

  /** A two-column table: the key in bold on the left, the value on the right; empty values show '—'. */
  keyValues(rows: KeyValueRows): this {
    const keyWidth = Math.round(this.width * KEY_SHARE);
    const valueWidth = this.width - keyWidth - CELL_PAD;
    this.doc.fontSize(SIZES.body);
    for (const [key, raw] of rows) {
      const value = raw === null || raw === undefined || raw === '' ? '—' : String(raw);
      this.doc.font(BOLD);
      const hk = this.doc.heightOfString(key, { width: keyWidth - CELL_PAD });
      this.doc.font(REGULAR);
      const hv = this.doc.heightOfString(value, { width: valueWidth });
      const h = Math.max(hk, hv) + 2 * CELL_PAD;
      this.ensureRoom(h);
      const y = this.doc.y;
      this.doc
        .font(BOLD)
        .fillColor(COLORS.text)
        .text(key, this.left, y + CELL_PAD, { width: keyWidth - CELL_PAD });
      this.doc.font(REGULAR).text(value, this.left + keyWidth, y + CELL_PAD, { width: valueWidth });
      const lineY = y + h;
      this.doc
        .moveTo(this.left, lineY)
        .lineTo(this.left + this.width, lineY)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      this.doc.x = this.left;
      this.doc.y = lineY;
    }
    this.doc.moveDown(0.6);
    this.body();
    return this;
  }

  bullets(items: readonly string[]): this {
    if (items.length === 0) return this;
    this.body();
    this.ensureRoom(this.doc.currentLineHeight(true) * 2);
    this.doc.list([...items], this.left, this.doc.y, {
      width: this.width,
      bulletRadius: 2,
      textIndent: 12,
      bulletIndent: 4,
      lineGap: 2,
    });
    this.doc.moveDown(0.5);
    this.body();
    return this;
  }

  spacer(lines = 1): this {
    this.doc.moveDown(lines);
    return this;
  }

  pageBreak(): this {
    this.doc.addPage();
    this.body();
    return this;
  }

  add(block: DocumentBlock): this {
    switch (block.type) {
      case 'heading':
        return this.heading(block.text, block.level);
      case 'paragraph':
        return this.paragraph(block.text, block);
      case 'keyValues':
        return this.keyValues(block.rows);
      case 'bullets':
        return this.bullets(block.items);
      case 'spacer':
        return this.spacer(block.lines);
      case 'pageBreak':
        return this.pageBreak();
    }
  }

  /** Pages so far (all of them once finished). */
  get pageCount(): number {
    return this.finished ? this.pages : this.doc.bufferedPageRange().count;
  }

  /** Writes the footer on every page (outside the bottom margin, so no page is added). */
  private footers() {
    const footer = this.options.footer ?? DEFAULT_FOOTER;
    const numbers = this.options.pageNumbers ?? true;
    const { start, count } = this.doc.bufferedPageRange();
    this.pages = count;
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const page = this.doc.page;
      const saved = page.margins.bottom;
      page.margins.bottom = 0;
      const y = page.height - saved + 24;
      this.doc.font(REGULAR).fontSize(SIZES.footer).fillColor(COLORS.muted);
      if (footer) this.doc.text(footer, this.left, y, { width: this.width, align: 'left', lineBreak: false });
      if (numbers)
        this.doc.text(`Page ${i - start + 1} of ${count}`, this.left, y, {
          width: this.width,
          align: 'right',
          lineBreak: false,
        });
      page.margins.bottom = saved;
    }
  }

  /** Finishes the document and returns its bytes. */
  toBuffer(): Buffer {
    if (this.finished) return this.finished;
    this.footers();
    this.doc.end();
    // pdfkit writes synchronously (fonts subset, zlib.deflateSync): after end() every byte is buffered
    const chunks: Buffer[] = [];
    let chunk: Buffer | null;
    while ((chunk = this.doc.read() as Buffer | null) !== null) chunks.push(chunk);
    this.finished = Buffer.concat(chunks);
    if (this.finished.subarray(-6).toString('latin1').trim() !== '%%EOF') {
      throw new Error('PDF generation did not finish');
    }
    return this.finished;
  }

  /** Finishes the document and returns it as a stream. */
  toStream(): Readable {
    return Readable.from([this.toBuffer()]);
  }
}

/** A document from a list of blocks. */
export function renderPdf(spec: DocumentSpec): Buffer {
  const doc = new PdfDocument(spec);
  for (const block of spec.blocks) doc.add(block);
  return doc.toBuffer();
}
