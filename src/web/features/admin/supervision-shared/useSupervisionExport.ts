import type { SupervisionFilters } from '@domain/contract';
import { supervision } from '@web/api/endpoints/supervision';
import { apiPath } from '@web/api/endpoint';
import { useFileDownload } from '@web/ui/file-download';
import { filterQuery } from './api/supervision';

/** The download names of the two exports (spec 002 §7). */
export const EXPORT_FILES = {
  weekly: 'report-all-weekly-supervisions.xlsx',
  allocation: 'report-all-allocations.xlsx',
} as const;

const EXPORTS = { weekly: supervision.weeklyExport, allocation: supervision.allocationExport };

/** The messages of 002 §8 for the supervision exports. */
const EXPORT_MESSAGES = {
  generating: 'We are generating your report. It could take a while',
  ready: 'Report generated successfully. Open or save it.',
  failed: 'Something went wrong with your report. Try again please.',
};

/**
 * Export Excel of a supervision grid with its current filters (GET …/export), with the messages of 002 §8: info
 * 'We are generating your report. It could take a while', then 'Report generated successfully. Open or save it.'
 * or 'Something went wrong with your report. Try again please.'.
 */
export function useSupervisionExport(kind: keyof typeof EXPORT_FILES) {
  const download = useFileDownload(EXPORT_MESSAGES);
  const run = (filters: SupervisionFilters) =>
    download.run({ path: apiPath(EXPORTS[kind], { query: filterQuery(filters) }), name: EXPORT_FILES[kind] });
  return { busy: download.busy !== null, run };
}
