import {
  IMPORT_REPORT_ERRORS,
  IMPORT_REPORT_ROWS,
  type ImportProblem,
  type ImportReportRow,
  type ImportRowAction,
} from '@domain/contract/imports';

/**
 * What a run found, row by row: every row's action (create / update / unchanged / error) and every problem by
 * sheet, row and column. Counts cover the whole file; the lists keep their first IMPORT_REPORT_ROWS /
 * IMPORT_REPORT_ERRORS entries (the screen shows those, the counts say how many more there are).
 */
export class ReportBuilder {
  readonly rows: ImportReportRow[] = [];
  readonly errors: ImportProblem[] = [];
  errorCount = 0;
  rowCount = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  private readonly failedRows = new Set<string>();

  problem(sheet: string, row: number, column: string, message: string) {
    this.errorCount++;
    this.failedRows.add(`${sheet}:${row}`);
    if (this.errors.length < IMPORT_REPORT_ERRORS) this.errors.push({ sheet, row, column, message });
  }

  /** Whether a row has a problem already. */
  failed(sheet: string, row: number) {
    return this.failedRows.has(`${sheet}:${row}`);
  }

  /** A row's outcome (an error when it has a problem). */
  row(sheet: string, row: number, key: string, action: Exclude<ImportRowAction, 'error'>) {
    const a: ImportRowAction = this.failed(sheet, row) ? 'error' : action;
    this.rowCount++;
    if (a === 'create') this.created++;
    else if (a === 'update') this.updated++;
    else if (a === 'unchanged') this.unchanged++;
    if (this.rows.length < IMPORT_REPORT_ROWS) this.rows.push({ sheet, row, key, action: a });
  }

  get rowsTruncated() {
    return this.rowCount > this.rows.length;
  }
}
