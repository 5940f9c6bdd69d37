import { takesBack } from '../common';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  AllocationSuggestionCreate,
  AllocationSuggestionPatch,
  AllocationSuggestionRecord,
  AllocationSuggestionsResponse,
  AllocationSuggestionUpdate,
  OnePageIdParams,
} from '../onepages';
import { IdParams } from '../params';

/** A one-page's allocation suggestions (spec 001 §7): src/server/modules/allocation-suggestions. */
export const allocationSuggestions = {
  /** The suggestions and why someone of the team is not listed. */
  list: endpoint({
    method: 'GET',
    path: '/api/project-allocation-suggestions/one-page/:onePageId',
    params: OnePageIdParams,
    response: AllocationSuggestionsResponse,
  }),
  /** Adds a suggestion (201, ETag). */
  create: endpoint({
    method: 'POST',
    path: '/api/project-allocation-suggestions/one-page/:onePageId',
    params: OnePageIdParams,
    body: AllocationSuggestionCreate,
    response: AllocationSuggestionRecord,
    status: 201,
  }),
  /** Approves every suggestion of the one-page. */
  approveAll: endpoint({
    method: 'PATCH',
    path: '/api/project-allocation-suggestions/one-page/:onePageId/approve-all',
    params: OnePageIdParams,
    response: AllocationSuggestionsResponse,
  }),
  /** The whole suggestion as the grid holds it (If-Match). */
  update: endpoint({
    method: 'PUT',
    path: '/api/project-allocation-suggestions/:id',
    params: IdParams,
    body: takesBack(AllocationSuggestionUpdate, AllocationSuggestionRecord),
    response: AllocationSuggestionRecord,
  }),
  /** One field: feedback or totalDays (If-Match). */
  patch: endpoint({
    method: 'PATCH',
    path: '/api/project-allocation-suggestions/:id',
    params: IdParams,
    body: AllocationSuggestionPatch,
    response: AllocationSuggestionRecord,
  }),
  /** Removes a suggestion (If-Match; 204). */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/project-allocation-suggestions/:id',
    params: IdParams,
    status: 204,
  }),
} satisfies Record<string, EndpointDef>;
