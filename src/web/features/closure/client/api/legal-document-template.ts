import { closureExternal } from '@web/api/endpoints/closure-external';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';

/** GET api/projects/{id}/legal-documents/template: the legal closure document template (blob, x-file-name). */
export const downloadLegalDocumentTemplate = (projectId: number) =>
  getHost().download(
    apiPath(closureExternal.template, { params: { id: projectId } }),
    'legal-closure-document-template.pdf',
  );
