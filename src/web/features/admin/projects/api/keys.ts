/** Query keys of the admin project screen (its own lists; the project list and master lists are shared). */
export const adminProjectKeys = {
  all: ['admin-projects'] as const,
  scopes: () => [...adminProjectKeys.all, 'scopes'] as const,
  clients: () => [...adminProjectKeys.all, 'clients'] as const,
  toolkits: () => [...adminProjectKeys.all, 'toolkits'] as const,
  projectToolkits: (id: number) => [...adminProjectKeys.all, 'project-toolkits', id] as const,
};
