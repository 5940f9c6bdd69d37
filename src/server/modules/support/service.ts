import type { SupportDocument } from '@domain/contract';
import { httpError } from '../../http';
import { simplePdf } from './pdf';

interface DocumentText {
  title: string;
  lines: string[];
}

/**
 * The reference PDFs of the Project Support dialog (spec 000 §2.8), by slug. A Map: a slug is looked up
 * as a key, never as a property (so `__proto__`, `constructor` or `toString` are simply not found).
 */
export const SUPPORT_DOCUMENTS: ReadonlyMap<string, DocumentText> = new Map([
  [
    'powerpoint-upgrade',
    {
      title: 'Powerpoint Upgrade',
      lines: [
        "How to use the firm's slide master, charts and icons.",
        'Use the brand template; keep one message per slide.',
        'Ask Marketing for the latest icon library.',
      ],
    },
  ],
  [
    'newsletters-email-marketing',
    {
      title: 'Newsletters and Email Marketing',
      lines: [
        'Guidelines for client newsletters and e-mail campaigns.',
        'Legal review is required before sending to client lists.',
      ],
    },
  ],
  [
    'deliveries-workshop-materials',
    {
      title: 'Deliveries and Workshop Materials',
      lines: [
        'Checklists for workshop kits, printed deliverables and rooms.',
        'Order materials two weeks ahead.',
      ],
    },
  ],
  [
    'closing-letters-gifts',
    {
      title: 'Closing Letters and Gifts',
      lines: [
        'Templates for thank-you letters and the gift policy.',
        'Gifts above the policy value need partner approval.',
      ],
    },
  ],
  [
    'binders-books-folders',
    {
      title: 'Binders Books and Folders',
      lines: ['Specifications and suppliers for binders, books and folders.'],
    },
  ],
  [
    'ambience',
    { title: 'Ambience', lines: ['How to set up project rooms at the client: walls, screens, materials.'] },
  ],
  [
    'visual-identity',
    {
      title: 'Visual Identity',
      lines: ['Logo usage, colours (brand dark red), typography and photography.'],
    },
  ],
]);

/** The documents, in the dialog's order. */
export const listDocuments = (): SupportDocument[] =>
  [...SUPPORT_DOCUMENTS].map(([slug, d]) => ({ slug, title: d.title }));

/** The generated PDFs: the same bytes for every request, so each is made once per process. */
const rendered = new Map<string, Buffer>();

/** A document's PDF and download name; 404 for an unknown slug. */
export function documentPdf(slug: string): { fileName: string; pdf: Buffer } {
  const doc = SUPPORT_DOCUMENTS.get(slug);
  if (!doc) throw httpError(404, `No support document ${slug}`);
  let pdf = rendered.get(slug);
  if (!pdf) {
    pdf = simplePdf(doc.title, doc.lines);
    rendered.set(slug, pdf);
  }
  return { fileName: `${doc.title}.pdf`, pdf };
}
