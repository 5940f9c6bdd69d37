import { z } from 'zod';
import { ToolkitStatusId } from './common';

/** Project toolkit (000 §3): id, idToolkit, idStatus 0–3. */
export const ProjectToolkit = z.object({ id: z.number().int(), idToolkit: z.number().int(), idStatus: ToolkitStatusId });
export type ProjectToolkit = z.infer<typeof ProjectToolkit>;
/** POST /api/project/{id}/toolkits: idToolkit, idStatus (0 unless set). */
export const ProjectToolkitCreate = z.object({ idToolkit: z.number().int().positive(), idStatus: ToolkitStatusId.default(0) });
export type ProjectToolkitCreate = z.infer<typeof ProjectToolkitCreate>;
/** PUT /api/project/{id}/toolkits/{idToolkit}: the loaded record with idToolkit and idStatus replaced. */
export const ProjectToolkitUpdate = z.object({ id: z.number().int().optional(), idToolkit: z.number().int().positive(), idStatus: ToolkitStatusId });
export type ProjectToolkitUpdate = z.infer<typeof ProjectToolkitUpdate>;
