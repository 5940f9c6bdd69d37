import { getHost } from '@web/host';

export const legalDocumentTemplatePath = (projectId: number) =>
  `/api/projects/${projectId}/legal-documents/template`;

/** GET api/projects/{id}/legal-documents/template: the legal closure document template (blob, x-file-name). */
export const downloadLegalDocumentTemplate = (projectId: number) =>
  getHost().download(legalDocumentTemplatePath(projectId), 'legal-closure-document-template.pdf');
