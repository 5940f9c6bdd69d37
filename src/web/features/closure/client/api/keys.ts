/** Query keys of Closure With Client (spec 002 §2.4). */
export const closureClientKeys = {
  all: (projectId: number) => ['closure-external', projectId] as const,
  record: (projectId: number) => ['closure-external', projectId, 'record'] as const,
  recipients: (projectId: number) => ['closure-external', projectId, 'recipients'] as const,
};

export const validId = (id: number) => Number.isInteger(id) && id > 0;
