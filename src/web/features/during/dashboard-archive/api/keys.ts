import type {
  AllocationSuggestion,
  DashboardAccess,
  DashboardListRow,
  DashboardOnePage,
  ProjectDashboardRecord,
} from '@domain/contract';

export type {
  AllocationSuggestion,
  DashboardAccess,
  DashboardListRow,
  DashboardOnePage,
  ProjectDashboardRecord,
};

/** Query keys of the Dashboard Archive (002 §2.5). */
export const dashboardKeys = {
  all: ['project-dashboards'] as const,
  list: (projectId: number) => [...dashboardKeys.all, 'project', projectId] as const,
  detail: (id: number) => [...dashboardKeys.all, 'detail', id] as const,
  access: (projectId: number) => ['professional-dashboard-access', projectId] as const,
};

export const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;
