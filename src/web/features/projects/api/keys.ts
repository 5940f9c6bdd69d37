/** Query keys of the projects feature. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  team: (id: number) => [...projectKeys.all, 'team', id] as const,
  kpis: (id: number) => [...projectKeys.all, 'kpis', id] as const,
};
