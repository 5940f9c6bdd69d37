import { sql, type RawBuilder } from 'kysely';
import { PROJECT_STATUS } from '@domain/constants';
import type { AnySheet, Column } from '../../adapters/reports';
import type { DB } from '../../db';

/** A report: its sheets for a validated query (rows read lazily, in batches, while the file is written). */
export type ReportBuilder<Q> = (db: DB, query: Q, now: Date) => AnySheet[];

/** Rows read per query: memory stays one batch whatever the size of the report. */
export const BATCH = 2000;

/**
 * Keyset pagination: `fetch(last)` returns the rows after `last` (undefined first), in the order the key
 * follows, at most `size`; the generator stops after a short batch. Never the whole result in memory: one
 * batch being written and, pipelined, the next one being read meanwhile.
 */
export async function* keyset<R>(
  fetch: (last: R | undefined, size: number) => Promise<R[]>,
  size = BATCH,
): AsyncGenerator<R> {
  let next = fetch(undefined, size);
  for (;;) {
    const rows = await next;
    const more = rows.length >= size;
    if (more) {
      next = fetch(rows[rows.length - 1], size);
      next.catch(() => undefined); // awaited on the next turn; a consumer that stops early leaves it unhandled
    }
    yield* rows;
    if (!more) return;
  }
}

/** `keyset` over one SQL query of the rows after `last` (undefined first), at most `size`. */
export const sqlKeyset = <R>(db: DB, query: (last: R | undefined, size: number) => RawBuilder<R>) =>
  keyset<R>(async (last, size) => (await query(last, size).execute(db)).rows);

/** The keyset condition of rows ordered by their project's code (`p.code`): after the last row's, all at first. */
export const afterCode = (last: { code: string } | undefined) =>
  sql`(${last?.code ?? null}::text is null or p.code > ${last?.code ?? null})`;

/** Column shorthands: header, key, type, value. */
export const col = <R>(
  header: string,
  type: Column<R>['type'],
  value: (r: R) => unknown,
  width?: number,
): Column<R> => ({ header, key: header.replace(/\W+/g, '_').toLowerCase(), type, value, width });

/** A label of a code map; null stays empty. */
export const label = (map: Record<number, string>, v: number | null | undefined) =>
  v == null ? null : (map[v] ?? String(v));

/** Rich text (the client's description and culture) as plain text for a cell. */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

/** A Numeric column (string from PostgreSQL) as a number. */
export const num = (v: unknown) => (v == null ? null : Number(v));
/** A percentage stored as 0–100 as the fraction Excel's 0% format shows. */
export const pct = (v: unknown) => (v == null ? null : Number(v) / 100);

/** 'YYYY-MM-DD' of a date (UTC). */
export const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A project status as the admin screens name it. */
export const statusLabel = (id: number) => PROJECT_STATUS[id]?.adminLabel ?? String(id);

/** What a row naming a project holds of it. */
interface ProjectNameCells {
  code: string;
  name: string;
  client: string | null;
}

/** The columns of the row's project, one by one (for a sheet that puts its own among them). */
export const projectCells = <R extends ProjectNameCells>() => ({
  code: col<R>('Project Code', 'text', (r) => r.code, 16),
  name: col<R>('Project Name', 'text', (r) => r.name, 36),
  client: col<R>('Client', 'text', (r) => r.client, 28),
});

/** The first columns of most sheets: the project's code, name and client. */
export const projectNameColumns = <R extends ProjectNameCells>(): Column<R>[] => {
  const p = projectCells<R>();
  return [p.code, p.name, p.client];
};

/** The project's status (its `idStatus`). */
export const projectStatusColumn = <R extends { idStatus: number }>(): Column<R> =>
  col<R>('Project Status', 'text', (r) => statusLabel(r.idStatus), 12);

/** Code, name, client and status of the row's project. */
export const projectColumns = <R extends ProjectNameCells & { idStatus: number }>(): Column<R>[] => [
  ...projectNameColumns<R>(),
  projectStatusColumn<R>(),
];

/** What a row of allocation suggestions holds of its days and review. */
interface SuggestionCells {
  totalDays: string | number;
  nextWeek: string | number | null;
  twoWeeks: string | number | null;
  isApproved: boolean;
  feedback: string | null;
}

/** An allocation suggestion's days (this week and the next two) and its review. */
export const suggestionColumns = <R extends SuggestionCells>(): Column<R>[] => [
  col<R>('Days This Week', 'number', (r) => num(r.totalDays), 10),
  col<R>('Days Next Week', 'number', (r) => num(r.nextWeek), 10),
  col<R>('Days Two Weeks Ahead', 'number', (r) => num(r.twoWeeks), 10),
  col<R>('Approved', 'boolean', (r) => r.isApproved, 9),
  col<R>('Feedback', 'text', (r) => r.feedback, 40),
];
