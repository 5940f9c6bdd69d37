/** Query keys of the imports (Admin › Import). */
export const importKeys = {
  all: ['admin', 'imports'] as const,
  running: (kind: string) => [...importKeys.all, 'running', kind] as const,
};
