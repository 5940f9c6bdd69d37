/** Query keys of Closure Internal (spec 002 §2.6, §7 "Closure internal"). */
export const closureInternalKeys = {
  all: (projectId: number) => ['closure-internal', projectId] as const,
  record: (projectId: number) => ['closure-internal', projectId, 'record'] as const,
};

export const validId = (id: number) => Number.isInteger(id) && id > 0;
