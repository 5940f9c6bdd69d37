import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { SupportDocument, SupportDocumentParams } from '../support';

/** The reference documents of the Project Support dialog (spec 000 §2.8). */
export const support = {
  /** The documents (slug and title). */
  documents: endpoint({ method: 'GET', path: '/api/support/documents', response: z.array(SupportDocument) }),
  /** One document as a PDF. */
  document: endpoint({
    method: 'GET',
    path: '/api/support/documents/:slug',
    params: SupportDocumentParams,
    file: true,
  }),
} satisfies Record<string, EndpointDef>;
