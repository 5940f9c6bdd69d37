import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ClientExpectationRecord,
  DeliverableRecord,
  RiskRecord,
  RoleAndResponsibilityRecord,
  StakeholderCandidate,
  StakeholderImport,
  StakeholderRecord,
} from '@domain/contract';
import type { EndpointDef } from '@domain/contract/endpoint';
import { sessionRecords as E } from '@web/api/endpoints/session-records';
import { mergeRow } from '@domain/rules';
import { api } from './endpoint';
import { projectQueryOptions } from './project';
import { removeById, upsertById } from './cache';
import { sessionRecordKeys } from './keys';

/**
 * A session's records (spec 001 §7 "Sessions"), shared by the Setup pages (the setup session) and the
 * Project Session dialogs (a During session): one query per kind and session, and add / edit / delete
 * writing the server's answer into the cached list (a failure reloads it: someone may have changed it).
 */
export interface RecordTypes {
  expectations: ClientExpectationRecord;
  deliverables: DeliverableRecord;
  risks: RiskRecord;
  rar: RoleAndResponsibilityRecord;
  stakeholders: StakeholderRecord;
}
export type RecordKind = keyof RecordTypes;

/** The fields a PUT sends (the editable ones): the old row merged with the change (001 §5). */
const EDITABLE: { [K in RecordKind]: (keyof RecordTypes[K] & string)[] } = {
  expectations: ['stakeholder', 'expectation', 'observation'],
  deliverables: ['deliverable', 'detail'],
  risks: ['risk', 'riskStatus', 'observation'],
  rar: ['idProfessional', 'rarSupportingPoint', 'rarTechnicalRole', 'rarNonTechnicalRole'],
  stakeholders: [
    'name',
    'idProfessionalResponsible',
    'position',
    'birthday',
    'language',
    'currentStatus',
    'actionPlan',
  ],
};

/** Each kind's endpoints (the table's), and the name of its row's path parameter. */
const ENDPOINTS: Record<
  RecordKind,
  { list: EndpointDef; add: EndpointDef; update: EndpointDef; remove: EndpointDef; row: 'rowId' | 'itemId' }
> = {
  expectations: {
    list: E.listExpectations,
    add: E.addExpectation,
    update: E.updateExpectation,
    remove: E.removeExpectation,
    row: 'rowId',
  },
  deliverables: {
    list: E.listDeliverables,
    add: E.addDeliverable,
    update: E.updateDeliverable,
    remove: E.removeDeliverable,
    row: 'rowId',
  },
  risks: { list: E.listRisks, add: E.addRisk, update: E.updateRisk, remove: E.removeRisk, row: 'rowId' },
  rar: { list: E.listRoles, add: E.addRole, update: E.updateRole, remove: E.removeRole, row: 'itemId' },
  stakeholders: {
    list: E.listStakeholders,
    add: E.addStakeholder,
    update: E.updateStakeholder,
    remove: E.removeStakeholder,
    row: 'itemId',
  },
};

/**
 * Calls one of a kind's endpoints: they differ per kind only by their schemas, and the kind's record type
 * (RecordTypes, the contract's) is the answer.
 */
const call = api as unknown as <T = void>(
  e: EndpointDef,
  input: { params: Record<string, number>; body?: unknown; version?: number },
) => Promise<T>;
const sessionParams = (projectId: number, sessionId: number | undefined) => ({
  id: projectId,
  sessionId: sessionId!,
});
const rowParams = (kind: RecordKind, projectId: number, id: number) => ({
  id: projectId,
  [ENDPOINTS[kind].row]: id,
});

/** GET …/{kind}/session/{sessionId} (stakeholders: …/stakeholders/sessions/{sessionId}). */
export const sessionRecordsQueryOptions = <K extends RecordKind>(
  kind: K,
  projectId: number,
  sessionId: number | undefined,
) =>
  queryOptions({
    queryKey: sessionRecordKeys.list(projectId, kind, sessionId),
    queryFn: () =>
      call<RecordTypes[K][]>(ENDPOINTS[kind].list, { params: sessionParams(projectId, sessionId) }),
    enabled: !!sessionId,
  });
export const useSessionRecords = <K extends RecordKind>(
  kind: K,
  projectId: number,
  sessionId: number | undefined,
) => useQuery(sessionRecordsQueryOptions(kind, projectId, sessionId));

/** Add, edit (If-Match with the row's version) and delete; answers go into the cached list. */
export function useSessionRecordMutations<K extends RecordKind>(
  kind: K,
  projectId: number,
  sessionId: number | undefined,
) {
  type R = RecordTypes[K];
  const qc = useQueryClient();
  const key = sessionRecordKeys.list(projectId, kind, sessionId);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  const put = (row: R) => qc.setQueryData<R[]>(key, (list) => upsertById(list, [row]));
  const pick = (row: Partial<R>) =>
    Object.fromEntries(
      (EDITABLE[kind] as string[])
        .filter((f) => (row as Record<string, unknown>)[f] !== undefined)
        .map((f) => [f, (row as Record<string, unknown>)[f]]),
    );
  return {
    add: useMutation({
      mutationFn: (values: Partial<R>) =>
        call<R>(ENDPOINTS[kind].add, { params: sessionParams(projectId, sessionId), body: pick(values) }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ row, changes }: { row: R; changes: Partial<R> }) =>
        call<R>(ENDPOINTS[kind].update, {
          params: rowParams(kind, projectId, row.id),
          body: pick(mergeRow(row, changes)),
          version: row.version,
        }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (row: R) =>
        call(ENDPOINTS[kind].remove, { params: rowParams(kind, projectId, row.id), version: row.version }),
      onSuccess: (_answer, row) => qc.setQueryData<R[]>(key, (list) => removeById(list, row.id)),
      onError: reload,
    }),
  };
}

// ---- stakeholders and roles (the Setup pages and the Project Session dialogs)

/** GET /api/project/{id}/stakeholders/sessions/{sessionId}. */
export const stakeholdersQueryOptions = (projectId: number, sessionId: number | undefined) =>
  sessionRecordsQueryOptions('stakeholders', projectId, sessionId);
export const useStakeholders = (projectId: number, sessionId: number | undefined) =>
  useSessionRecords('stakeholders', projectId, sessionId);
export const useStakeholderMutations = (projectId: number, sessionId: number | undefined) =>
  useSessionRecordMutations('stakeholders', projectId, sessionId);

/** GET /api/project/{id}/rar/session/{sessionId}; PUT / DELETE /api/project/{id}/rar/{itemId} (001 §7). */
export const rolesQueryOptions = (projectId: number, sessionId: number | undefined) =>
  sessionRecordsQueryOptions('rar', projectId, sessionId);
export const useRoles = (projectId: number, sessionId: number | undefined) =>
  useSessionRecords('rar', projectId, sessionId);
export const useRoleMutations = (projectId: number, sessionId: number | undefined) =>
  useSessionRecordMutations('rar', projectId, sessionId);

/** GET …/stakeholders/sessions/{sessionId}/client: the import candidates (asked when the dialog opens). */
export const stakeholderCandidatesQueryOptions = (projectId: number, sessionId: number | undefined) =>
  queryOptions({
    queryKey: sessionRecordKeys.candidates(projectId, sessionId),
    queryFn: () => api(E.stakeholderCandidates, { params: sessionParams(projectId, sessionId) }),
    enabled: !!sessionId,
    staleTime: 0,
  });
export const useStakeholderCandidates = (projectId: number, sessionId: number | undefined, enabled = true) =>
  useQuery({ ...stakeholderCandidatesQueryOptions(projectId, sessionId), enabled: enabled && !!sessionId });

/** The import body of one selection, in the spec's casing (001 §7). */
export const importBody = (c: StakeholderCandidate): StakeholderImport => ({
  name: c.name,
  IDProfessionalResponsible: c.idProfessionalResponsible,
  position: c.position,
  birthday: c.birthday,
  language: c.language,
  CurrentStatus: c.currentStatus,
  actionPlan: c.actionPlan,
});

/**
 * The import: one POST per selection (001 §7); afterwards the list and the candidates are reloaded (also
 * after a partial failure, so what was added shows).
 */
export function useImportStakeholders(projectId: number, sessionId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (selected: StakeholderCandidate[]) => {
      const added: StakeholderRecord[] = [];
      for (const c of selected)
        added.push(
          await api(E.addStakeholder, { params: sessionParams(projectId, sessionId), body: importBody(c) }),
        );
      return added;
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sessionRecordKeys.list(projectId, 'stakeholders', sessionId) }),
        qc.invalidateQueries({ queryKey: sessionRecordKeys.candidates(projectId, sessionId) }),
      ]),
  });
}

/**
 * Prefetch of a setup page's records (navigation): the project (for its setup session id), then the list.
 * Never awaited by the router; a failure is left to the page's own query.
 */
export function prefetchSetupRecords(
  client: QueryClient,
  projectId: number,
  kind: RecordKind,
  more: (client: QueryClient) => void = () => {},
) {
  if (!Number.isInteger(projectId) || projectId <= 0) return;
  more(client);
  void client
    .fetchQuery(projectQueryOptions(projectId))
    .then((p) => {
      const sessionId = p.projectSession?.find((s) => s.isSetup)?.id;
      if (sessionId) void client.prefetchQuery(sessionRecordsQueryOptions(kind, projectId, sessionId));
    })
    .catch(() => undefined);
}
