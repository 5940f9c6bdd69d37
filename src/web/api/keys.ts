/**
 * Query keys of the entities several areas share (TanStack Query's key factories): projects (list, detail, KPIs),
 * master data lists and the session records. A screen's own keys live in its `api/keys.ts`.
 */
import type { RecordKind } from './session-records';

/** Project data: the list, the home, the Teams picker, the project pages and the shell. */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  kpis: (id: number) => [...projectKeys.all, 'kpis', id] as const,
};

/** Master data lists (integration API): practices, professionals, clients, segments… */
export const masterKeys = {
  all: ['master'] as const,
  list: (name: string) => [...masterKeys.all, name] as const,
};

/** A session's records (expectations, deliverables, risks, R&R, stakeholders) of setup and during. */
export const sessionRecordKeys = {
  all: (projectId: number) => ['session-records', projectId] as const,
  list: (projectId: number, kind: RecordKind, sessionId: number | undefined) =>
    [...sessionRecordKeys.all(projectId), kind, sessionId ?? 0] as const,
  candidates: (projectId: number, sessionId: number | undefined) =>
    [...sessionRecordKeys.all(projectId), 'stakeholder-candidates', sessionId ?? 0] as const,
};
