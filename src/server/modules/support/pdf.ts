import { PdfDocument } from '@server/adapters/documents';

/**
 * The reference PDFs of the Project Support dialog, generated with the documents adapter (embedded
 * Unicode font, A4, footer "Project Portal — São Paulo" with page numbers): the title, a subtitle, then
 * one paragraph per line of text.
 */
export function simplePdf(title: string, lines: string[]): Buffer {
  const doc = new PdfDocument({ title, subtitle: 'Project Support — reference document' });
  for (const line of lines) doc.paragraph(line);
  return doc.toBuffer();
}
