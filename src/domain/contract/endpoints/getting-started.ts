import { endpoint } from '../endpoint';
import { GettingStarted } from '../getting-started';

/** The first administrator's guide on an empty portal. */
export const gettingStarted = {
  /** What the portal still lacks: people, master data, projects, with counts (Admin). */
  get: endpoint({ method: 'GET', path: '/api/admin/getting-started', response: GettingStarted }),
};
