import { PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import type { DB } from '../../db';
import { fieldColumns, type Column, type Sheet } from '../../adapters/reports';
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

const field = fieldColumns<WeeklySupervisionExportRow>();

/** The first columns of both grids: the project and its status. */
const PROJECT_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  field('Project Code', 'projectCode', 'text'),
  field('Project Name', 'projectName', 'text'),
  field('Client', 'clientName', 'text'),
  {
    header: 'Project Status',
    key: 'statusName',
    type: 'text',
    value: (r) => PROJECT_STATUS[r.idStatus]?.adminLabel ?? r.statusName,
  },
];

/** A one-page light (OP Status, environment) by its label, Not Submitted when none. */
const levelColumn = (
  header: string,
  key: 'onePageProblemLevel' | 'environmentStatus',
): Column<WeeklySupervisionExportRow> => ({ header, key, type: 'text', value: (r) => level(r[key]) });
const environmentColumn = levelColumn('Environment', 'environmentStatus');

/**
 * The Weekly Supervision grid's columns, titled as on screen (spec 002 §2.9: projectCode, projectName,
 * clientName, statusName, priority, internal, coManagementName, duringTypeName, onePageSubmitted,
 * onePageProblemLevel, environmentStatus), with display values: names and labels, never ids.
 */
export const WEEKLY_SUPERVISION_GRID_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  ...PROJECT_COLUMNS,
  field('Priority', 'priority', 'boolean'),
  field('Internal', 'internal', 'boolean'),
  field('Co-management', 'coManagementName', 'text'),
  field('During Type', 'duringTypeName', 'text'),
  field('OP Submitted?', 'onePageSubmitted', 'boolean'),
  levelColumn('OP Status', 'onePageProblemLevel'),
  environmentColumn,
];

/** What the file adds after the grid's columns: who runs the project and when. */
export const WEEKLY_SUPERVISION_EXTRA_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  field('Project Manager', 'managerNames', 'text'),
  field('Partner', 'partnerNames', 'text'),
  field('Start Date', 'startDate', 'date'),
  field('End Date', 'endDate', 'date'),
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

/** The sheets of an export: the grid's columns and the extra ones, over every row of the filters. */
const exportSheets =
  (name: string, grid: Column<WeeklySupervisionExportRow>[]) =>
  (
    db: DB,
    filters: WeeklySupervisionFilters,
    opts: ExportOptions = {},
  ): Sheet<WeeklySupervisionExportRow>[] => [
    {
      name,
      columns: [...grid, ...WEEKLY_SUPERVISION_EXTRA_COLUMNS],
      rows: weeklySupervisionExportRows(db, filters, opts),
    },
  ];

/**
 * The sheet of GET /api/weekly-supervision/export for the report kit:
 * `sendWorkbook(reply, WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets(app.db, filters))`.
 */
export const weeklySupervisionExportSheets = exportSheets(
  'Weekly Supervision',
  WEEKLY_SUPERVISION_GRID_COLUMNS,
);

/**
 * The Allocation Supervision grid's columns, titled as on screen (spec 002 §2.9: projectCode, projectName,
 * clientName, statusName, practiceName, onePageSubmitted 'OP Submitted?', duringTypeName, hasAllocation,
 * hasGovernanceAction, allocationStatusName, environmentStatus), display values only.
 */
export const ALLOCATION_SUPERVISION_GRID_COLUMNS: Column<WeeklySupervisionExportRow>[] = [
  ...PROJECT_COLUMNS,
  field('Practice', 'practiceName', 'text'),
  field('OP Submitted?', 'onePageSubmitted', 'boolean'),
  field('During Type', 'duringTypeName', 'text'),
  field('Has Allocation', 'hasAllocation', 'boolean'),
  field('Has Governance Action', 'hasGovernanceAction', 'boolean'),
  field('Allocation Status', 'allocationStatusName', 'text'),
  environmentColumn,
];

/** The sheet of GET /api/allocation-supervision/export: the allocation columns, then manager, partner, dates. */
export const allocationSupervisionExportSheets = exportSheets(
  'Allocation Supervision',
  ALLOCATION_SUPERVISION_GRID_COLUMNS,
);
