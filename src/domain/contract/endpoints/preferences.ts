import { takesBack } from '../common';
import { endpoint } from '../endpoint';
import { GridPreference, GridPreferenceBody, GridPreferenceParams } from '../preferences';

/** The signed-in person's own choices that follow them between devices. */
export const preferences = {
  /** The columns the caller hides in one grid (none before their first choice). */
  gridColumns: endpoint({
    method: 'GET',
    path: '/api/me/grid-columns/:grid',
    params: GridPreferenceParams,
    response: GridPreference,
  }),
  /** Stores the caller's hidden columns of one grid (If-Match: the version read; 412 when stale). */
  saveGridColumns: endpoint({
    method: 'PUT',
    path: '/api/me/grid-columns/:grid',
    params: GridPreferenceParams,
    body: takesBack(GridPreferenceBody, GridPreference),
    response: GridPreference,
  }),
};
