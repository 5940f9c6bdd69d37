import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ProjectSession,
  ProjectSessionCreate,
  ProjectSessionPatch,
  ProjectSessionRecord,
  ProjectSessionUpdate,
} from '@domain/contract';
import { sessions } from '@web/api/endpoints/sessions';
import { canWorkOnSessions } from '@domain/rules';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import { projectQueryOptions } from '@web/api/project';
import { currentUser } from '@web/api/session';
import { useSetupAccess } from '@web/api/setup-access';
import { sessionKeys } from './keys';

/** GET /api/projects/{id}/sessions: the non-setup sessions, newest first. */
export const sessionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: sessionKeys.list(projectId),
    queryFn: () => api(sessions.list, { params: { id: projectId } }),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
export const useSessions = (
  projectId: number,
  { enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval?: number } = {},
) => useQuery({ ...sessionsQueryOptions(projectId), enabled: enabled && projectId > 0, refetchInterval });

/** The project's open session (001 §4: not submitted) — the newest, when several are — or undefined. */
export const openSessionOf = (sessions: readonly ProjectSession[] | undefined) =>
  (sessions ?? [])
    .filter((s) => !s.isSetup && !s.submittedAt)
    .reduce<ProjectSession | undefined>(
      (newest, s) => (!newest || s.createdAt > newest.createdAt ? s : newest),
      undefined,
    );

/** GET /api/projects/{id}/sessions/{sessionId}: one session with its version (Tech DNA, edit popup). */
export const sessionQueryOptions = (projectId: number, sessionId: number) =>
  queryOptions({
    queryKey: sessionKeys.one(projectId, sessionId),
    queryFn: () => api(sessions.get, { params: { id: projectId, sessionId } }),
    staleTime: 0,
  });
export const useSession = (projectId: number, sessionId: number | undefined) =>
  useQuery({ ...sessionQueryOptions(projectId, sessionId ?? 0), enabled: !!sessionId });

type Versioned = { version?: number | null; keepalive?: boolean };

export function useSessionMutations(projectId: number) {
  const qc = useQueryClient();
  const listKey = sessionKeys.list(projectId);
  const reload = () => qc.invalidateQueries({ queryKey: listKey });
  /** A session as answered: into its record (when versioned) and into the list's row. */
  const put = (s: ProjectSession | ProjectSessionRecord) => {
    if ('version' in s) qc.setQueryData(sessionKeys.one(projectId, s.id), s);
    qc.setQueryData<ProjectSession[]>(listKey, (list) => upsertById(list, [s]));
  };
  /** A 412 answers the current session: keep it (the person then chooses). */
  const conflict = (e: unknown) => {
    if (e instanceof ApiError && e.isConflict && e.current) put(e.current as ProjectSessionRecord);
    else void reload();
  };
  const one = (sessionId: number) => ({ id: projectId, sessionId });
  return {
    create: useMutation({
      mutationFn: (body: ProjectSessionCreate) => api(sessions.create, { params: { id: projectId }, body }),
      // the newest first (001 §2)
      onSuccess: (s) => qc.setQueryData<ProjectSession[]>(listKey, (list) => (list ? [s, ...list] : list)),
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({
        id,
        body,
        version,
        keepalive,
      }: { id: number; body: ProjectSessionUpdate } & Versioned) =>
        api(sessions.update, { params: one(id), body, version, keepalive }),
      onSuccess: put,
      onError: conflict,
    }),
    patch: useMutation({
      mutationFn: ({ id, body, version, keepalive }: { id: number; body: ProjectSessionPatch } & Versioned) =>
        api(sessions.patch, { params: one(id), body, version, keepalive }),
      onSuccess: put,
      onError: conflict,
    }),
    remove: useMutation({
      mutationFn: (s: ProjectSession) => api(sessions.remove, { params: one(s.id) }),
      onSuccess: (_answer, s) => {
        qc.setQueryData<ProjectSession[]>(listKey, (list) => removeById(list, s.id));
        qc.removeQueries({ queryKey: sessionKeys.one(projectId, s.id) });
      },
      onError: reload,
    }),
    /** Submit (true) or undo (false): PATCH …/submit or …/unsubmit (001 §4). */
    submit: useMutation({
      mutationFn: ({ id, submit }: { id: number; submit: boolean }) =>
        api(submit ? sessions.submit : sessions.unsubmit, { params: one(id) }),
      onSuccess: put,
      onError: reload,
    }),
  };
}

/**
 * The meeting screens' data once the project says the person may read its sessions (a 403 would sign them out,
 * and anyone in a meeting may open its stage): the list, then — for the side panel — the open session's record
 * (its version: the fields' If-Match).
 */
async function prefetchMeetingSession(client: QueryClient, projectId: number, withRecord: boolean) {
  const project = await client.fetchQuery(projectQueryOptions(projectId));
  const user = currentUser();
  if (!user || !canWorkOnSessions(user, project.projectTeam)) return;
  const open = openSessionOf(await client.fetchQuery(sessionsQueryOptions(projectId)));
  if (open && withRecord) await client.prefetchQuery(sessionQueryOptions(projectId, open.id));
}
const meetingPrefetch =
  (withRecord: boolean) => (client: QueryClient, params: Record<string, string | undefined>) => {
    const projectId = Number(params.id);
    if (!Number.isInteger(projectId) || projectId <= 0) return;
    // a failure: the screen's own queries ask again and show it
    void prefetchMeetingSession(client, projectId, withRecord).catch(() => undefined);
  };
/** Navigation prefetch of `/project/{id}/session/panel` (the meeting's side panel). */
export const prefetchOpenSession = meetingPrefetch(true);
/** Navigation prefetch of `/project/{id}/session/stage` (the meeting's stage). */
export const prefetchSessionStage = meetingPrefetch(false);

/** Navigation prefetch of `/project/{id}/during/project-session`: the project (team, rights) and the list. */
export function prefetchProjectSessions(client: QueryClient, params: Record<string, string | undefined>) {
  const projectId = Number(params.id);
  if (!Number.isInteger(projectId) || projectId <= 0) return;
  void client.prefetchQuery(projectQueryOptions(projectId));
  void client.prefetchQuery(sessionsQueryOptions(projectId));
}

/**
 * The meeting surfaces' data (side panel and stage): the caller's relation to the project, whether they may
 * work on its sessions, the sessions and the open one (`openSessionOf`).
 */
export function useOpenSession(projectId: number, opts: { refetchInterval?: number } = {}) {
  const access = useSetupAccess(projectId);
  const canWork = !!access.user && !!access.project && canWorkOnSessions(access.user, access.team);
  const list = useSessions(projectId, { enabled: canWork, ...opts });
  return { access, canWork, sessions: list, open: openSessionOf(list.data) };
}
