/** Query keys of the KNM Project Check List (spec 002 §2.10). */
export const knmChecklistKeys = {
  all: ['knm-checklist'] as const,
  list: () => ['knm-checklist', 'list'] as const,
  record: (projectId: number) => ['knm-checklist', 'record', projectId] as const,
};
