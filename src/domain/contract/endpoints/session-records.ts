import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  ClientExpectation,
  ClientExpectationPatch,
  ClientExpectationRecord,
  Deliverable,
  DeliverablePatch,
  DeliverableRecord,
  Risk,
  RiskPatch,
  RiskRecord,
  RoleAndResponsibility,
  RoleAndResponsibilityPatch,
  RoleAndResponsibilityRecord,
  SessionItemParams,
  SessionRecordsParams,
  SessionRowParams,
  StakeholderCandidate,
  StakeholderCreate,
  StakeholderPatch,
  StakeholderRecord,
} from '../setup';

/**
 * A session's records (spec 001 §7 "Sessions"): client expectations, deliverables, risks, roles and
 * responsibilities (rar) and stakeholders, of the setup session or a During one.
 */
export const sessionRecords = {
  /** The session's client expectations. */
  listExpectations: endpoint({
    method: 'GET',
    path: '/api/project/:id/expectations/session/:sessionId',
    params: SessionRecordsParams,
    response: z.array(ClientExpectationRecord),
  }),
  /** Add an expectation to the session. */
  addExpectation: endpoint({
    method: 'POST',
    path: '/api/project/:id/expectations/session/:sessionId',
    params: SessionRecordsParams,
    body: ClientExpectation,
    response: ClientExpectationRecord,
    status: 201,
  }),
  /** Change an expectation, with If-Match (fields not sent keep their value). */
  updateExpectation: endpoint({
    method: 'PUT',
    path: '/api/project/:id/expectations/:rowId',
    params: SessionRowParams,
    body: takesBack(ClientExpectationPatch, ClientExpectationRecord),
    response: ClientExpectationRecord,
  }),
  /** Delete an expectation, with If-Match. */
  removeExpectation: endpoint({
    method: 'DELETE',
    path: '/api/project/:id/expectations/:rowId',
    params: SessionRowParams,
  }),
  /** The session's deliverables. */
  listDeliverables: endpoint({
    method: 'GET',
    path: '/api/project/:id/deliverables/session/:sessionId',
    params: SessionRecordsParams,
    response: z.array(DeliverableRecord),
  }),
  /** Add a deliverable to the session. */
  addDeliverable: endpoint({
    method: 'POST',
    path: '/api/project/:id/deliverables/session/:sessionId',
    params: SessionRecordsParams,
    body: Deliverable,
    response: DeliverableRecord,
    status: 201,
  }),
  /** Change a deliverable, with If-Match (fields not sent keep their value). */
  updateDeliverable: endpoint({
    method: 'PUT',
    path: '/api/project/:id/deliverables/:rowId',
    params: SessionRowParams,
    body: takesBack(DeliverablePatch, DeliverableRecord),
    response: DeliverableRecord,
  }),
  /** Delete a deliverable, with If-Match. */
  removeDeliverable: endpoint({
    method: 'DELETE',
    path: '/api/project/:id/deliverables/:rowId',
    params: SessionRowParams,
  }),
  /** The session's risks. */
  listRisks: endpoint({
    method: 'GET',
    path: '/api/project/:id/risks/session/:sessionId',
    params: SessionRecordsParams,
    response: z.array(RiskRecord),
  }),
  /** Add a risk to the session. */
  addRisk: endpoint({
    method: 'POST',
    path: '/api/project/:id/risks/session/:sessionId',
    params: SessionRecordsParams,
    body: Risk,
    response: RiskRecord,
    status: 201,
  }),
  /** Change a risk, with If-Match (fields not sent keep their value). */
  updateRisk: endpoint({
    method: 'PUT',
    path: '/api/project/:id/risks/:rowId',
    params: SessionRowParams,
    body: takesBack(RiskPatch, RiskRecord),
    response: RiskRecord,
  }),
  /** Delete a risk, with If-Match. */
  removeRisk: endpoint({ method: 'DELETE', path: '/api/project/:id/risks/:rowId', params: SessionRowParams }),
  /** The session's roles and responsibilities. */
  listRoles: endpoint({
    method: 'GET',
    path: '/api/project/:id/rar/session/:sessionId',
    params: SessionRecordsParams,
    response: z.array(RoleAndResponsibilityRecord),
  }),
  /** Add a role to the session. */
  addRole: endpoint({
    method: 'POST',
    path: '/api/project/:id/rar/session/:sessionId',
    params: SessionRecordsParams,
    body: RoleAndResponsibility,
    response: RoleAndResponsibilityRecord,
    status: 201,
  }),
  /** Change a role, with If-Match (fields not sent keep their value). */
  updateRole: endpoint({
    method: 'PUT',
    path: '/api/project/:id/rar/:itemId',
    params: SessionItemParams,
    body: takesBack(RoleAndResponsibilityPatch, RoleAndResponsibilityRecord),
    response: RoleAndResponsibilityRecord,
  }),
  /** Delete a role, with If-Match. */
  removeRole: endpoint({ method: 'DELETE', path: '/api/project/:id/rar/:itemId', params: SessionItemParams }),
  /** The session's stakeholders. */
  listStakeholders: endpoint({
    method: 'GET',
    path: '/api/project/:id/stakeholders/sessions/:sessionId',
    params: SessionRecordsParams,
    response: z.array(StakeholderRecord),
  }),
  /** Add a stakeholder to the session: the grid's body (camelCase) or one import selection (the spec's casing). */
  addStakeholder: endpoint({
    method: 'POST',
    path: '/api/project/:id/stakeholders/sessions/:sessionId',
    params: SessionRecordsParams,
    body: StakeholderCreate,
    response: StakeholderRecord,
    status: 201,
  }),
  /** Change a stakeholder, with If-Match (fields not sent keep their value). */
  updateStakeholder: endpoint({
    method: 'PUT',
    path: '/api/project/:id/stakeholders/:itemId',
    params: SessionItemParams,
    body: takesBack(StakeholderPatch, StakeholderRecord),
    response: StakeholderRecord,
  }),
  /** Delete a stakeholder, with If-Match. */
  removeStakeholder: endpoint({
    method: 'DELETE',
    path: '/api/project/:id/stakeholders/:itemId',
    params: SessionItemParams,
  }),
  /** The stakeholders of the client's other projects that may be imported into the session. */
  stakeholderCandidates: endpoint({
    method: 'GET',
    path: '/api/project/:id/stakeholders/sessions/:sessionId/client',
    params: SessionRecordsParams,
    response: z.array(StakeholderCandidate),
  }),
} satisfies Record<string, EndpointDef>;
