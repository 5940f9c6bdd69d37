import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SupportDocument, SupportDocumentParams } from '@domain/contract';
import { RULES } from '@domain/rules';
import { sendStoredFile } from '../../platform/files';
import * as service from './service';

const tags = ['support'];

/** The reference documents of the Project Support dialog (spec 000 §2.8): a list, and each as a PDF download. */
export default async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.signedIn };

  app.get(
    '/api/support/documents',
    { config, schema: { tags, response: { 200: z.array(SupportDocument) } } },
    () => service.listDocuments(),
  );

  app.get(
    '/api/support/documents/:slug',
    { config, schema: { tags, params: SupportDocumentParams } },
    (req, reply) => {
      const { fileName, pdf } = service.documentPdf(req.params.slug);
      return sendStoredFile(reply, pdf, { fileName, contentType: 'application/pdf', size: pdf.length });
    },
  );
}
