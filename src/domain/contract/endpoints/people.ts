import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdParams } from '../params';
import {
  GroupParams,
  GroupScopesPatch,
  PeopleChoices,
  PeopleHistoryEntry,
  PeopleHistoryQuery,
  PeoplePage,
  PeopleQuery,
  PersonCreate,
  PersonPatch,
  PersonRecord,
  Provisioning,
  ProvisionedGroup,
  ProvisioningTokenCreated,
  TokenCreate,
} from '../people';

/**
 * Admin › People (src/server/modules/people): every professional, the portal's own fields and the scopes granted by
 * hand, and Microsoft Entra ID provisioning (groups → scopes, tokens, the last requests). Administrators only.
 */
export const people = {
  /** One page of people (search on name, e-mail and login; status; source), by name. */
  list: endpoint({ method: 'GET', path: '/api/admin/people', query: PeopleQuery, response: PeoplePage }),
  /** The active master items a person's portal fields may newly take. */
  choices: endpoint({ method: 'GET', path: '/api/admin/people/choices', response: PeopleChoices }),
  /** One person with their groups, manual and effective scopes and the fields provisioning owns (ETag). */
  get: endpoint({ method: 'GET', path: '/api/admin/people/:id', params: IdParams, response: PersonRecord }),
  /** The changed fields (If-Match → 412 with the current person); provisioned fields 409 for a provisioned person. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/people/:id',
    params: IdParams,
    body: PersonPatch,
    response: PersonRecord,
  }),
  /** A person added by hand (source manual); 409 when the e-mail or login exists. */
  create: endpoint({
    method: 'POST',
    path: '/api/admin/people',
    body: PersonCreate,
    response: PersonRecord,
    status: 201,
  }),
  /** Deactivates a person not held by provisioning (409 for a provisioned one, or the last active Admin). */
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/people/:id/deactivate',
    params: IdParams,
    response: PersonRecord,
  }),
  /** Reactivates a person not held by provisioning. */
  reactivate: endpoint({
    method: 'POST',
    path: '/api/admin/people/:id/reactivate',
    params: IdParams,
    response: PersonRecord,
  }),
  /** The person's history, newest first: each change with its source and who made it. */
  history: endpoint({
    method: 'GET',
    path: '/api/admin/people/:id/history',
    params: IdParams,
    query: PeopleHistoryQuery,
    response: z.array(PeopleHistoryEntry),
  }),
  /** Provisioning: the Tenant URL, whether Entra is connected, the groups, the tokens and the last requests. */
  provisioning: endpoint({ method: 'GET', path: '/api/admin/provisioning', response: Provisioning }),
  /** The scopes a provisioned group grants (If-Match); its members' scopes are recomputed. */
  updateGroup: endpoint({
    method: 'PATCH',
    path: '/api/admin/provisioning/groups/:id',
    params: GroupParams,
    body: GroupScopesPatch,
    response: ProvisionedGroup,
  }),
  /** A new provisioning token: its secret is in this answer only. */
  createToken: endpoint({
    method: 'POST',
    path: '/api/admin/provisioning/tokens',
    body: TokenCreate,
    response: ProvisioningTokenCreated,
    status: 201,
  }),
  /** Revokes a provisioning token (204). */
  revokeToken: endpoint({
    method: 'DELETE',
    path: '/api/admin/provisioning/tokens/:id',
    params: IdParams,
    status: 204,
  }),
};
