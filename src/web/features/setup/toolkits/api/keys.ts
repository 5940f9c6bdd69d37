import { masterKeys } from '@web/api/keys';

export const toolkitKeys = {
  all: (projectId: number) => ['toolkits', projectId] as const,
  list: (projectId: number) => [...toolkitKeys.all(projectId), 'list'] as const,
  permissions: (projectId: number) => [...toolkitKeys.all(projectId), 'permissions'] as const,
  master: () => masterKeys.list('toolkits'),
};
