import { takesBack } from '../common';
import { endpoint } from '../endpoint';
import {
  MasterHistory,
  MasterItem,
  MasterItemFields,
  MasterItemPage,
  MasterItemParams,
  MasterItemsQuery,
  MasterListParams,
  MasterListVersions,
  MasterListsOverview,
} from '../master-admin';

/**
 * Admin › Master data (src/server/modules/master-admin): every master list with its items — add, edit, deactivate,
 * reactivate, delete while unused — names unique per list, versions (If-Match), every change in the history.
 */
export const masterAdmin = {
  /** Every list with its counts of active and inactive items and its version. */
  overview: endpoint({ method: 'GET', path: '/api/admin/master-data', response: MasterListsOverview }),
  /** Each list's version: a screen that caches master lists compares them with its own. */
  versions: endpoint({
    method: 'GET',
    path: '/api/admin/master-data/versions',
    response: MasterListVersions,
  }),
  /** A page of a list's items (search folded, status filter); 404 for an unknown list. */
  items: endpoint({
    method: 'GET',
    path: '/api/admin/master-data/:list',
    params: MasterListParams,
    query: MasterItemsQuery,
    response: MasterItemPage,
  }),
  /** One item with its version (ETag). */
  item: endpoint({
    method: 'GET',
    path: '/api/admin/master-data/:list/:id',
    params: MasterItemParams,
    response: MasterItem,
  }),
  /** A new item (201); 409 when the list already has an item of that name. */
  create: endpoint({
    method: 'POST',
    path: '/api/admin/master-data/:list',
    params: MasterListParams,
    body: MasterItemFields.strict(),
    response: MasterItem,
    status: 201,
  }),
  /** The item as GET gave it with fields changed; If-Match → 412 with the current item when stale. */
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/master-data/:list/:id',
    params: MasterItemParams,
    body: takesBack(MasterItemFields, MasterItem),
    response: MasterItem,
  }),
  /** No longer offered for new records; stays on the records that hold it. If-Match honoured. */
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/master-data/:list/:id/deactivate',
    params: MasterItemParams,
    response: MasterItem,
  }),
  /** Offered again. If-Match honoured. */
  reactivate: endpoint({
    method: 'POST',
    path: '/api/admin/master-data/:list/:id/reactivate',
    params: MasterItemParams,
    response: MasterItem,
  }),
  /** Deletes an unused item (204); 409 naming its uses when a record holds it. If-Match honoured. */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/master-data/:list/:id',
    params: MasterItemParams,
    status: 204,
  }),
  /** The item's history, newest first (also after it was deleted). */
  history: endpoint({
    method: 'GET',
    path: '/api/admin/master-data/:list/:id/history',
    params: MasterItemParams,
    response: MasterHistory,
  }),
};
