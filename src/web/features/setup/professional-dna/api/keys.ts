/** Professional DNA — Setup (spec 001 §7): the rows of session type 1. */
export const professionalDnaKeys = {
  all: (projectId: number) => ['professional-dna', projectId] as const,
  setup: (projectId: number) => [...professionalDnaKeys.all(projectId), 'setup'] as const,
};
