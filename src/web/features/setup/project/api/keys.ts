export const setupSessionKeys = {
  one: (projectId: number, sessionId: number) => ['setup', projectId, 'session', sessionId] as const,
};
