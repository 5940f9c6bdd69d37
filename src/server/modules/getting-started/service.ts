import type { GettingStarted } from '@domain/contract';
import { MASTER_LISTS, MASTER_LIST_KEYS, type MasterListKey } from '@domain/rules/master-lists';
import type { DB } from '../../db';
import * as repo from './repo';

/** The lists New Project cannot be saved without (a client, a practice, an office to pick). */
export const NEEDED_FOR_PROJECTS: readonly MasterListKey[] = ['clients', 'practices', 'offices'];

/** What a new portal still lacks, for its first administrator's guide. */
export async function gettingStarted(db: DB, scimBearerToken: boolean): Promise<GettingStarted> {
  const c = await repo.counts(db);
  return {
    people: {
      active: c.active,
      provisioned: c.provisioned,
      tokens: c.tokens + (scimBearerToken ? 1 : 0),
      lastProvisionedAt: c.lastProvisionedAt,
    },
    masterData: {
      lists: MASTER_LIST_KEYS.map((key) => ({ key, label: MASTER_LISTS[key].label, count: c.list(key) })),
      missingForProjects: NEEDED_FOR_PROJECTS.filter((k) => c.list(k) === 0),
    },
    projects: { total: c.projects },
  };
}
