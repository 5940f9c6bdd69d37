import { PDFDocument } from 'pdf-lib';
import { renderPdf, type DocumentBlock } from '../documents';

export interface CertificateSigner {
  name: string;
  email: string;
  /** The name the signer typed. */
  signedName: string | null;
  signedAt: Date | string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface CertificateInput {
  envelopeId: number;
  subject: string;
  documentName: string;
  documentSha256: string;
  sentAt: Date | string | null;
  completedAt: Date | string;
  signers: CertificateSigner[];
}

const iso = (d: Date | string | null) =>
  d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '—';

/** The certificate page(s): the document, its SHA-256, and every signer with when, from where and how. */
export function certificatePdf(input: CertificateInput): Buffer {
  const blocks: DocumentBlock[] = [
    {
      type: 'paragraph',
      text: 'This certificate is part of the signed document. It records who signed the document below and when.',
      muted: true,
    },
    {
      type: 'keyValues',
      rows: [
        ['Document', input.documentName],
        ['Subject', input.subject],
        ['Document SHA-256', input.documentSha256],
        ['Envelope', `PP-${input.envelopeId}`],
        ['Sent', iso(input.sentAt)],
        ['Completed', iso(input.completedAt)],
      ],
    },
    { type: 'heading', text: 'Signers', level: 2 },
  ];
  for (const s of input.signers) {
    blocks.push({
      type: 'keyValues',
      rows: [
        ['Signer', `${s.name} <${s.email}>`],
        ['Typed name', s.signedName ?? '—'],
        ['Signed at', iso(s.signedAt)],
        ['IP address', s.ip ?? '—'],
        ['User agent', s.userAgent ?? '—'],
      ],
    });
  }
  blocks.push({
    type: 'paragraph',
    text: 'Each signer opened a personal link sent by e-mail, confirmed their consent to sign electronically and typed their name. The SHA-256 above identifies the exact document they signed (the pages before this certificate).',
    muted: true,
  });
  return renderPdf({ title: 'Signature certificate', subtitle: input.subject, blocks });
}

/** One PDF: the documents' pages in order (each input a complete PDF). */
export async function concatPdfs(parts: readonly Buffer[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const src = await PDFDocument.load(part, { ignoreEncryption: true });
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return Buffer.from(await out.save());
}

/** The signed PDF of the built-in engine: the original document followed by its certificate page. */
export async function withCertificate(document: Buffer, input: CertificateInput): Promise<Buffer> {
  return concatPdfs([document, certificatePdf(input)]);
}
