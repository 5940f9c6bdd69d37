import { closureInternal } from '@web/api/endpoints/closure-internal';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET api/projects/{id}/CRM/template: the CRM template of the project's stakeholders (an Excel workbook). */
export const crmTemplateFile = (projectId: number): FileRef => ({
  path: apiPath(closureInternal.crmTemplate, { params: { id: projectId } }),
  name: 'crm-template.xlsx',
});
