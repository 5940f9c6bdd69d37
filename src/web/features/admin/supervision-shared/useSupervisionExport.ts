import { useState } from 'react';
import { useNotify } from '@web/ui';
import { getHost } from '@web/host';
import type { SupervisionFilters } from '@domain/contract';
import { supervision } from '@web/api/endpoints/supervision';
import { apiPath } from '@web/api/endpoint';
import { filterQuery } from './api';

/** The download names of the two exports (spec 002 §7). */
export const EXPORT_FILES = {
  weekly: 'report-all-weekly-supervisions.xlsx',
  allocation: 'report-all-allocations.xlsx',
} as const;

const EXPORTS = { weekly: supervision.weeklyExport, allocation: supervision.allocationExport };

/**
 * Export Excel of a supervision grid with its current filters (GET …/export), with the messages of 002 §8: info
 * 'We are generating your report. It could take a while', then 'Report generated successfully. Open or save it.'
 * or 'Something went wrong with your report. Try again please.'.
 */
export function useSupervisionExport(kind: keyof typeof EXPORT_FILES) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (filters: SupervisionFilters) => {
    setBusy(true);
    notify.info('We are generating your report. It could take a while');
    try {
      await getHost().download(apiPath(EXPORTS[kind], { query: filterQuery(filters) }), EXPORT_FILES[kind]);
      notify.success('Report generated successfully. Open or save it.');
    } catch {
      notify.error('Something went wrong with your report. Try again please.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
