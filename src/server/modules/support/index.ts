import type { FastifyInstance } from 'fastify';
import { httpError, sendFile } from '../../http';
import { simplePdf } from './pdf';

/** The reference PDFs of the Project Support dialog (spec 000 §2.8). */
export const SUPPORT_DOCUMENTS: Record<string, { title: string; lines: string[] }> = {
  'powerpoint-upgrade': { title: 'Powerpoint Upgrade', lines: ['How to use the firm\'s slide master, charts and icons.', 'Use the brand template; keep one message per slide.', 'Ask Marketing for the latest icon library.'] },
  'newsletters-email-marketing': { title: 'Newsletters and Email Marketing', lines: ['Guidelines for client newsletters and e-mail campaigns.', 'Legal review is required before sending to client lists.'] },
  'deliveries-workshop-materials': { title: 'Deliveries and Workshop Materials', lines: ['Checklists for workshop kits, printed deliverables and rooms.', 'Order materials two weeks ahead.'] },
  'closing-letters-gifts': { title: 'Closing Letters and Gifts', lines: ['Templates for thank-you letters and the gift policy.', 'Gifts above the policy value need partner approval.'] },
  'binders-books-folders': { title: 'Binders Books and Folders', lines: ['Specifications and suppliers for binders, books and folders.'] },
  ambience: { title: 'Ambience', lines: ['How to set up project rooms at the client: walls, screens, materials.'] },
  'visual-identity': { title: 'Visual Identity', lines: ['Logo usage, colours (brand dark red), typography and photography.'] },
};

export default async function supportModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const cache = new Map<string, Buffer>();
  app.get('/api/support/documents', async () => Object.entries(SUPPORT_DOCUMENTS).map(([slug, d]) => ({ slug, title: d.title })));
  app.get('/api/support/documents/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const doc = SUPPORT_DOCUMENTS[slug];
    if (!doc) throw httpError(404, `No support document ${slug}`);
    const pdf = cache.get(slug) ?? simplePdf(doc.title, doc.lines);
    cache.set(slug, pdf);
    return sendFile(reply, pdf, `${doc.title}.pdf`, 'application/pdf');
  });
}
