import { masterKeys } from '@web/api/keys';

/** Query keys: the master client list (shared with the other master lists' cache) and one client. */
export const knmClientKeys = {
  list: () => masterKeys.list('clients'),
  record: (id: number) => [...masterKeys.list('clients'), id] as const,
};
