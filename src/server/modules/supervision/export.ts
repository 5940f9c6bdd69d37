import { PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import type { DB } from '../../db';
import type { Column, Sheet } from '../../adapters/reports';
import { projectDetails } from './repo';
import { supervisionWindow, type SupervisionQuery, type SupervisionRow } from './service';

/** The download name of GET /api/weekly-supervision/export (spec 002 §7). */
export const WEEKLY_SUPERVISION_EXPORT_FILE = 'report-all-weekly-supervisions.xlsx';
/** The download name of GET /api/allocation-supervision/export (spec 002 §7). */
export const ALLOCATION_SUPERVISION_EXPORT_FILE = 'report-all-allocations.xlsx';

/** The grid's filters (GET /api/weekly-supervision without skip/take). */
export type WeeklySupervisionFilters = Omit<SupervisionQuery, 'skip' | 'take'>;

export interface ExportOptions {
  /** "This week" of the one-page columns (default: now, fixed for the whole file). */
  now?: Date;
  /** Rows read per query (default 500). */
  batchSize?: number;
}

/** A grid row plus the people and dates the export adds. */
export interface WeeklySupervisionExportRow extends SupervisionRow {
  managerNames: string | null;
  partnerNames: string | null;
  startDate: string | null;
  endDate: string | null;
}

const level = (n: number | null | undefined) =>
  n ? (PROBLEM_LEVEL[n]?.label ?? null) : PROBLEM_LEVEL[0]!.label;

const statusColumn: Column<WeeklySupervisionExportRow> = {
  header: 'Project Status',
  key: 'statusName',
  type: 'text',
  value: (r) => PROJECT_STATUS[r.idStatus]?.adminLabel ?? r.statusName,
};

/**
 * The Weekly Supervision grid's columns, titled as on screen (spec 002 §2.9: projectCode, projectName,
 * clientName, statusName, priority, internal, coManagementName, duringTypeName, onePageSubmitted,
 * onePageProblemLevel, environmentStatus), with display values: names and labels, never ids.
 */
export const WEEKLY_SUPERVISION_GRID_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  { header: 'Project Code', key: 'projectCode', type: 'text', value: (r) => r.projectCode },
  { header: 'Project Name', key: 'projectName', type: 'text', value: (r) => r.projectName },
  { header: 'Client', key: 'clientName', type: 'text', value: (r) => r.clientName },
  statusColumn,
  { header: 'Priority', key: 'priority', type: 'boolean', value: (r) => r.priority },
  { header: 'Internal', key: 'internal', type: 'boolean', value: (r) => r.internal },
  { header: 'Co-management', key: 'coManagementName', type: 'text', value: (r) => r.coManagementName },
  { header: 'During Type', key: 'duringTypeName', type: 'text', value: (r) => r.duringTypeName },
  { header: 'OP Submitted?', key: 'onePageSubmitted', type: 'boolean', value: (r) => r.onePageSubmitted },
  {
    header: 'OP Status',
    key: 'onePageProblemLevel',
    type: 'text',
    value: (r) => level(r.onePageProblemLevel),
  },
  { header: 'Environment', key: 'environmentStatus', type: 'text', value: (r) => level(r.environmentStatus) },
];

/** What the file adds after the grid's columns: who runs the project and when. */
export const WEEKLY_SUPERVISION_EXTRA_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  { header: 'Project Manager', key: 'managerNames', type: 'text', value: (r) => r.managerNames },
  { header: 'Partner', key: 'partnerNames', type: 'text', value: (r) => r.partnerNames },
  { header: 'Start Date', key: 'startDate', type: 'date', value: (r) => r.startDate },
  { header: 'End Date', key: 'endDate', type: 'date', value: (r) => r.endDate },
];

/**
 * Every row of the grid for these filters (not one page of it), read 500 at a time so memory stays flat
 * whatever the number of projects. "This week" is fixed when the export starts.
 */
export async function* weeklySupervisionExportRows(
  db: DB,
  filters: WeeklySupervisionFilters,
  { now = new Date(), batchSize = 500 }: ExportOptions = {},
): AsyncGenerator<WeeklySupervisionExportRow> {
  for (let skip = 0; ; skip += batchSize) {
    const rows = await supervisionWindow(db, { ...filters, skip, take: batchSize }, now);
    if (rows.length === 0) return;
    const details = await projectDetails(
      db,
      rows.map((r) => r.idProject),
    );
    for (const r of rows) {
      const d = details.get(r.idProject);
      yield {
        ...r,
        managerNames: d?.managerNames ?? null,
        partnerNames: d?.partnerNames ?? null,
        startDate: d?.startDate ?? null,
        endDate: d?.endDate ?? null,
      };
    }
    if (rows.length < batchSize) return;
  }
}

/**
 * The sheet of GET /api/weekly-supervision/export for the report kit:
 * `sendWorkbook(reply, WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets(app.db, filters))`.
 */
export function weeklySupervisionExportSheets(
  db: DB,
  filters: WeeklySupervisionFilters,
  opts: ExportOptions = {},
): Sheet<WeeklySupervisionExportRow>[] {
  return [
    {
      name: 'Weekly Supervision',
      columns: [...WEEKLY_SUPERVISION_GRID_COLUMNS, ...WEEKLY_SUPERVISION_EXTRA_COLUMNS],
      rows: weeklySupervisionExportRows(db, filters, opts),
    },
  ];
}

/**
 * The Allocation Supervision grid's columns, titled as on screen (spec 002 §2.9: projectCode, projectName,
 * clientName, statusName, practiceName, onePageSubmitted 'OP Submitted?', duringTypeName, hasAllocation,
 * hasGovernanceAction, allocationStatusName, environmentStatus), display values only.
 */
export const ALLOCATION_SUPERVISION_GRID_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  { header: 'Project Code', key: 'projectCode', type: 'text', value: (r) => r.projectCode },
  { header: 'Project Name', key: 'projectName', type: 'text', value: (r) => r.projectName },
  { header: 'Client', key: 'clientName', type: 'text', value: (r) => r.clientName },
  statusColumn,
  { header: 'Practice', key: 'practiceName', type: 'text', value: (r) => r.practiceName },
  { header: 'OP Submitted?', key: 'onePageSubmitted', type: 'boolean', value: (r) => r.onePageSubmitted },
  { header: 'During Type', key: 'duringTypeName', type: 'text', value: (r) => r.duringTypeName },
  { header: 'Has Allocation', key: 'hasAllocation', type: 'boolean', value: (r) => r.hasAllocation },
  {
    header: 'Has Governance Action',
    key: 'hasGovernanceAction',
    type: 'boolean',
    value: (r) => r.hasGovernanceAction,
  },
  {
    header: 'Allocation Status',
    key: 'allocationStatusName',
    type: 'text',
    value: (r) => r.allocationStatusName,
  },
  { header: 'Environment', key: 'environmentStatus', type: 'text', value: (r) => level(r.environmentStatus) },
];

/** The sheet of GET /api/allocation-supervision/export: the allocation columns, then manager, partner, dates. */
export function allocationSupervisionExportSheets(
  db: DB,
  filters: WeeklySupervisionFilters,
  opts: ExportOptions = {},
): Sheet<WeeklySupervisionExportRow>[] {
  return [
    {
      name: 'Allocation Supervision',
      columns: [...ALLOCATION_SUPERVISION_GRID_COLUMNS, ...WEEKLY_SUPERVISION_EXTRA_COLUMNS],
      rows: weeklySupervisionExportRows(db, filters, opts),
    },
  ];
}
