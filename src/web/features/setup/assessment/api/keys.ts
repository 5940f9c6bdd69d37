export const setupAssessmentKeys = {
  own: (projectId: number) => ['setup-assessment', projectId, 'own'] as const,
};
