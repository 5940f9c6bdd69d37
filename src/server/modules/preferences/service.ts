import type { GridPreference } from '@domain/contract';
import {
  DEFAULT_HIDDEN_COLUMNS,
  hiddenColumnsProblem,
  normalizeHiddenColumns,
  type GridKey,
} from '@domain/rules/grid-columns';
import type { DB } from '../../db';
import { httpError } from '../../http';
import type { VersionedResult } from '../../platform/versions';
import * as repo from './repo';

/**
 * The person's own column choices, per grid, in PostgreSQL: they follow the person between Teams
 * desktop, mobile and the browser, and every replica answers the same. No choice yet = the default (nothing
 * hidden), version 1.
 */
const toRecord = (grid: GridKey, row: { hidden: string[]; version: number } | undefined): GridPreference =>
  row
    ? // a column the grid no longer has is left out
      { grid, hidden: normalizeHiddenColumns(grid, row.hidden), version: row.version }
    : { grid, hidden: [...DEFAULT_HIDDEN_COLUMNS], version: 1 };

/** The caller's hidden columns of `grid` (the default before their first choice). */
export async function read(db: DB, professionalId: number, grid: GridKey): Promise<GridPreference> {
  return toRecord(grid, await repo.find(db, professionalId, grid));
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Stores the caller's hidden columns of `grid` (`expectedVersion` from If-Match: stale → not changed, with the
 * current choice). 400 for a key that is not a column of the grid or names an always-shown column. The keys are
 * stored once each, in the grid's order; the same choice again writes nothing (no version step).
 */
export async function save(
  db: DB,
  professionalId: number,
  grid: GridKey,
  hidden: string[],
  expectedVersion: number | undefined,
): Promise<VersionedResult<GridPreference>> {
  const problem = hiddenColumnsProblem(grid, hidden);
  if (problem) throw httpError(400, `Invalid request: hidden: ${problem}`);
  const next = normalizeHiddenColumns(grid, hidden);
  const current = await read(db, professionalId, grid);
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    return { changed: false, current };
  if (same(next, current.hidden)) return { changed: true, current };
  const row = await repo.write(db, professionalId, grid, next, expectedVersion);
  if (!row) return { changed: false, current: await read(db, professionalId, grid) };
  return { changed: true, current: toRecord(grid, row) };
}
