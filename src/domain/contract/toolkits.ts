import { z } from 'zod';
import { ToolkitStatusId } from './common';
import { IdParam, IdParams } from './params';

/** Project toolkit (000 §3): id, idToolkit, idStatus 0–3. */
export const ProjectToolkit = z.object({ id: z.int32(), idToolkit: z.int32(), idStatus: ToolkitStatusId });
export type ProjectToolkit = z.infer<typeof ProjectToolkit>;
/** POST /api/project/{id}/toolkits: idToolkit, idStatus (0 unless set). */
export const ProjectToolkitCreate = z.object({
  idToolkit: z.int32().positive(),
  idStatus: ToolkitStatusId.default(0),
});
export type ProjectToolkitCreate = z.infer<typeof ProjectToolkitCreate>;
/** PUT /api/project/{id}/toolkits/{idToolkit}: the loaded record with idToolkit and idStatus replaced. */
export const ProjectToolkitUpdate = z.object({
  id: z.int32().optional(),
  idToolkit: z.int32().positive(),
  idStatus: ToolkitStatusId,
});
export type ProjectToolkitUpdate = z.infer<typeof ProjectToolkitUpdate>;
/** A project toolkit as the server answers it: plus the toolkit's display name and the record's version (ETag). */
export const ProjectToolkitRow = ProjectToolkit.extend({ toolkitName: z.string(), version: z.int32() });
export type ProjectToolkitRow = z.infer<typeof ProjectToolkitRow>;
/** GET /api/project/{id}/toolkits/permissions: what the caller may do (the UI mirrors it). */
export const ToolkitPermissions = z.object({ canEdit: z.boolean(), options: z.array(ToolkitStatusId) });
export type ToolkitPermissions = z.infer<typeof ToolkitPermissions>;

/** `{ id, toolkitId }`: the project and its project-toolkit record. */
export const ToolkitRowParams = z.object({ id: IdParam, toolkitId: IdParam });
/** A toolkit status 0 to 3 in a path (…/change/{statusId}). */
export const ToolkitStatusParam = z
  .string()
  .regex(/^[0-3]$/, 'must be a toolkit status 0 to 3')
  .transform(Number);
/** PUT /api/project/{id}/toolkits/{toolkitId}/change/{statusId}. */
export const ToolkitChangeParams = ToolkitRowParams.extend({ statusId: ToolkitStatusParam });
/** PUT /api/project/{id}/toolkits/change-all/{statusId}. */
export const ToolkitChangeAllParams = IdParams.extend({ statusId: ToolkitStatusParam });
