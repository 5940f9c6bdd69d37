import type { QueryClient } from '@tanstack/react-query';
import type { WeeklyStatus } from '@domain/contract';
import { upsertById } from '@web/api/cache';

/** Query keys of the Weekly Status screen (spec 001 §2). */
export const wsKeys = {
  all: ['weekly-status'] as const,
  list: (projectId: number) => [...wsKeys.all, 'project', projectId] as const,
  one: (id: number) => [...wsKeys.all, 'one', id] as const,
  contents: (id: number, type: number) => [...wsKeys.one(id), 'contents', type] as const,
  recipients: (id: number) => [...wsKeys.one(id), 'recipients'] as const,
};

export const validId = (id: number | undefined): id is number => Number.isInteger(id) && (id ?? 0) > 0;

/** A weekly status as the server answered it: into its record and into the project's list. */
export function putWeeklyStatus(qc: QueryClient, projectId: number, ws: WeeklyStatus) {
  qc.setQueryData(wsKeys.one(ws.id), ws);
  qc.setQueryData<WeeklyStatus[]>(wsKeys.list(projectId), (list) => upsertById(list, [ws]));
}
