import { closureExternal } from '@web/api/endpoints/closure-external';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET api/projects/{id}/legal-documents/template: the legal closure document template (blob, x-file-name). */
export const legalDocumentTemplateFile = (projectId: number): FileRef => ({
  path: apiPath(closureExternal.template, { params: { id: projectId } }),
  name: 'legal-closure-document-template.pdf',
});
