/** Query keys of Admin › Master data: the lists overview, a list's pages, an item's history, a picker's options. */
export const masterDataKeys = {
  all: ['master-data'] as const,
  overview: () => [...masterDataKeys.all, 'overview'] as const,
  list: (list: string) => [...masterDataKeys.all, 'list', list] as const,
  items: (list: string, search: string, status: string) =>
    [...masterDataKeys.list(list), 'items', search, status] as const,
  options: (list: string) => [...masterDataKeys.list(list), 'options'] as const,
  history: (list: string, id: number) => [...masterDataKeys.list(list), 'history', id] as const,
};
