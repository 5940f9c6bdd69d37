export const setupAssessmentKeys = {
  all: ['admin', 'setup-assessment'] as const,
  closedProjects: () => [...setupAssessmentKeys.all, 'closed-projects'] as const,
  project: (id: number) => [...setupAssessmentKeys.all, 'project', id] as const,
};
