/** Professional DNA — During (spec 001 §7): the project's DNA sessions (type 2) and each session's entries. */
export const dnaKeys = {
  all: (projectId: number) => ['professional-dna', projectId] as const,
  sessions: (projectId: number) => [...dnaKeys.all(projectId), 'during', 'sessions'] as const,
  entries: (projectId: number, sessionId: number) =>
    [...dnaKeys.all(projectId), 'during', 'entries', sessionId] as const,
};
