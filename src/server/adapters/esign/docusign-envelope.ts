import type { EnvelopeDefinition } from 'docusign-esign';
import PDFDocument from 'pdfkit';
import { FONT_FILES } from '../documents';
import type { ProviderEnvelope } from './index';

/** The DocuSign envelope: our PDF and a generated "Signatures" page with each signer's SignHere tab on it. */

/** Where the signature page puts things (PDF points = DocuSign pixels at 72 dpi, origin top left, A4). */
const PAGE = { width: 595.28, height: 841.89, left: 56, top: 56, bottom: 64, firstRow: 150, row: 104 };
/** The SignHere tab's offset inside a signer's row (below the name and e-mail lines). */
const TAB = { x: PAGE.left, dy: 36 };

/** Page number (1-based) and row top of the n-th signer (0-based) on the signature page(s). */
export function signerSlot(n: number): { page: number; y: number } {
  const perFirst = Math.floor((PAGE.height - PAGE.bottom - PAGE.firstRow) / PAGE.row);
  const perNext = Math.floor((PAGE.height - PAGE.bottom - PAGE.top) / PAGE.row);
  if (n < perFirst) return { page: 1, y: PAGE.firstRow + n * PAGE.row };
  const k = n - perFirst;
  return { page: 2 + Math.floor(k / perNext), y: PAGE.top + (k % perNext) * PAGE.row };
}

/** The envelope definition DocuSign documents for POST /v2.1/accounts/{accountId}/envelopes. */
export function envelopeDefinition(envelope: ProviderEnvelope, document: Buffer): EnvelopeDefinition {
  const signers = [...envelope.recipients].sort((a, b) => a.routingOrder - b.routingOrder || a.id - b.id);
  return {
    emailSubject: envelope.subject.slice(0, 100), // DocuSign's limit
    emailBlurb: envelope.message || undefined,
    status: 'sent',
    documents: [
      {
        documentBase64: document.toString('base64'),
        documentId: '1',
        fileExtension: 'pdf',
        name: envelope.documentName,
      },
      {
        documentBase64: signaturePage(envelope, signers).toString('base64'),
        documentId: '2',
        fileExtension: 'pdf',
        name: 'Signatures',
      },
    ],
    recipients: {
      signers: signers.map((r, n) => {
        const slot = signerSlot(n);
        return {
          email: r.email,
          name: r.name,
          recipientId: String(r.id),
          routingOrder: String(r.routingOrder),
          tabs: {
            signHereTabs: [
              {
                documentId: '2',
                pageNumber: String(slot.page),
                xPosition: String(TAB.x),
                yPosition: String(Math.round(slot.y + TAB.dy)),
                recipientId: String(r.id),
                tabLabel: `signature-${r.id}`,
              },
            ],
          },
        };
      }),
    },
  };
}

/** The "Signatures" page: the document's name and SHA-256, then a row per signer with room for the signature. */
export function signaturePage(envelope: ProviderEnvelope, signers: ProviderEnvelope['recipients']): Buffer {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: true, info: { Title: 'Signatures' } });
  doc.registerFont('R', FONT_FILES.regular);
  doc.registerFont('B', FONT_FILES.bold);
  const width = PAGE.width - 2 * PAGE.left;
  doc.font('B').fontSize(16).fillColor('#222222').text('Signatures', PAGE.left, PAGE.top, { width });
  doc
    .font('R')
    .fontSize(9.5)
    .fillColor('#666666')
    .text(`${envelope.subject}\nDocument: ${envelope.documentName}\nSHA-256: ${envelope.documentSha256}`, {
      width,
      height: PAGE.firstRow - PAGE.top - 40,
      ellipsis: true,
    });
  let page = 1;
  signers.forEach((r, n) => {
    const slot = signerSlot(n);
    while (page < slot.page) {
      doc.addPage({ size: 'A4', margin: 0 });
      page++;
    }
    doc.font('B').fontSize(11).fillColor('#222222');
    doc.text(`${n + 1}. ${r.name}`, PAGE.left, slot.y, { width, lineBreak: false, ellipsis: true });
    doc.font('R').fontSize(9.5).fillColor('#666666');
    doc.text(r.email, PAGE.left, slot.y + 15, { width, lineBreak: false, ellipsis: true });
    const lineY = slot.y + TAB.dy + 48;
    doc
      .moveTo(PAGE.left, lineY)
      .lineTo(PAGE.left + 240, lineY)
      .lineWidth(0.75)
      .strokeColor('#999999')
      .stroke();
    doc.fontSize(8).text('Signature', PAGE.left, lineY + 3, { lineBreak: false });
  });
  doc.end();
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = doc.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks);
}
