import { useQuery } from '@tanstack/react-query';
import type { MasterListKey } from '@domain/rules/master-lists';
import { fetchItems } from './items';
import { masterDataKeys } from './keys';

/**
 * The items of another list a ref field chooses from (methodology → practice, toolkit → methodology, client →
 * segments): up to 500 by name, with their status — the form offers the active ones and those the item holds.
 */
export const useRefOptions = (list: MasterListKey | undefined) =>
  useQuery({
    queryKey: masterDataKeys.options(list ?? 'none'),
    queryFn: async () => (await fetchItems(list!, '', 'all', 0, 500)).items,
    enabled: list !== undefined,
  });
