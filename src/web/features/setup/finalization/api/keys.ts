export const setupFinalizationKeys = {
  list: (projectId: number) => ['setup-finalization', projectId] as const,
};
