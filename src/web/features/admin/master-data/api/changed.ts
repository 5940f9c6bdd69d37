import type { QueryClient } from '@tanstack/react-query';
import { announceMasterChange } from '@web/api/master';
import { masterDataKeys } from './keys';

/** After a write: this screen's lists and counts load again, and every cached master list everywhere. */
export function masterDataChanged(client: QueryClient, list: string) {
  void client.invalidateQueries({ queryKey: masterDataKeys.all });
  announceMasterChange(client, list);
}
