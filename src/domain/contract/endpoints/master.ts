import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  Client,
  ClientItem,
  ClientPut,
  ClientPutQuery,
  ClientRecord,
  DuringType,
  KnmClientSegmentsBody,
  MasterListItem,
  MasterProfessional,
  MasterProfessionalsQuery,
  MasterToolkit,
  Methodology,
} from '../master';
import { IdParams } from '../params';

/** A simple master list (`GET /master/<name>` → `{ ID, Name }[]`, deactivated items with `IsActive: false`). */
const simpleList = <const P extends string>(path: P) =>
  endpoint({ method: 'GET', path, response: z.array(MasterListItem) });

/**
 * The endpoints of src/server/modules/master: the master-data service of the integration API (spec 000/001/002
 * §7, `ID`/`Name` casing) and the portal's own lookups.
 */
export const master = {
  /** The practices. */
  practices: simpleList('/master/practices'),
  /** The geographics. */
  geographics: simpleList('/master/geographics'),
  /** The geographic scopes. */
  geographicScopes: simpleList('/master/geographic-scopes'),
  /** The offices. */
  offices: simpleList('/master/offices'),
  /** The co-managements. */
  comanagements: simpleList('/master/comanagements'),
  /** The languages. */
  languages: simpleList('/master/languages'),
  /** The segments. */
  segments: simpleList('/master/segments'),
  /** The positions. */
  positions: simpleList('/master/positions'),
  /** The methodologies, each with its practice. */
  methodologies: endpoint({ method: 'GET', path: '/master/methodologies', response: z.array(Methodology) }),
  /** The toolkit master list. */
  toolkits: endpoint({ method: 'GET', path: '/master/toolkits', response: z.array(MasterToolkit) }),
  /** The professionals: active ones unless any status is asked for (`filter`, `where`, `isAnyStatus`). */
  professionals: endpoint({
    method: 'GET',
    path: '/master/professionals',
    query: MasterProfessionalsQuery,
    response: z.array(MasterProfessional),
  }),
  /** Every client with its segments. */
  clients: endpoint({ method: 'GET', path: '/master/clients', response: z.array(Client) }),
  /** One client with its version (ETag); ClientDescription and ClientCulture as sanitised HTML. */
  client: endpoint({ method: 'GET', path: '/master/clients/:id', params: IdParams, response: ClientRecord }),
  /** The whole client with one field changed (`?projectId=` from Setup › Client); If-Match → 412 when stale. */
  updateClient: endpoint({
    method: 'PUT',
    path: '/master/clients/:id',
    params: IdParams,
    query: ClientPutQuery,
    body: takesBack(ClientPut, ClientRecord),
    response: ClientRecord,
  }),
  /** KNM: removes every segment of the client; answers the client. */
  clearSegments: endpoint({
    method: 'DELETE',
    path: '/master/clients/:id/segments',
    params: IdParams,
    response: ClientRecord,
  }),
  /** KNM: the client's segments become the list (at most one primary); answers the client. */
  replaceSegments: endpoint({
    method: 'POST',
    path: '/master/clients/:id/segments',
    params: IdParams,
    body: KnmClientSegmentsBody,
    response: ClientRecord,
  }),
  /** The during types: 1 Normal, 2 Internal, 3 Ad Hoc (portal API). */
  duringTypes: endpoint({ method: 'GET', path: '/api/during-types', response: z.array(DuringType) }),
  /** `{ id, name }` of every client (portal API). */
  clientNames: endpoint({ method: 'GET', path: '/api/clients', response: z.array(ClientItem) }),
};
