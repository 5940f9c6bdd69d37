/** The project as GET /api/projects/{id} answers it, and its team members: types from the contract. */
export type { ProjectDetail, TeamMember } from '@domain/contract';
export { projectQueryOptions, useProject } from '@web/api/project';
