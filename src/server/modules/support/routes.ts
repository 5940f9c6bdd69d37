import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { sendStoredFile } from '../../platform/files';
import * as service from './service';

const tags = ['support'];
const E = endpoints.support;

/** The reference documents of the Project Support dialog (spec 000 §2.8): a list, and each as a PDF download. */
export default async function supportRoutes(app: FastifyInstance) {
  const config = { access: RULES.signedIn };

  on(app, E.documents, { tags, config }, () => service.listDocuments());

  on(app, E.document, { tags, config }, (req, reply) => {
    const { fileName, pdf } = service.documentPdf(req.params.slug);
    return sendStoredFile(reply, pdf, { fileName, contentType: 'application/pdf', size: pdf.length });
  });
}
