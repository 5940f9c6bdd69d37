export const clientPastProjectsKeys = {
  list: (projectId: number, idClient: number) =>
    ['setup', projectId, 'client-past-projects', idClient] as const,
};
