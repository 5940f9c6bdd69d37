import { projectKeys } from '@web/api/keys';

/** Query keys of the project screens: what hangs off one project (the project itself is a shared entity). */
export const projectScreenKeys = {
  statusHistory: (projectId: number) => [...projectKeys.detail(projectId), 'status-history'] as const,
  changes: (projectId: number) => [...projectKeys.detail(projectId), 'changes'] as const,
  evaluations: (projectId: number) => [...projectKeys.detail(projectId), 'evaluations'] as const,
  idOnes: (projectId: number) => [...projectKeys.detail(projectId), 'id-ones'] as const,
};
