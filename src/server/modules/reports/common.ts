import type { AnySheet, Column } from '../../adapters/reports';
import type { DB } from '../../db';

/** A report: its sheets for a validated query (rows read lazily, in batches, while the file is written). */
export type ReportBuilder<Q> = (db: DB, query: Q, now: Date) => AnySheet[];

/** Rows read per query: memory stays one batch whatever the size of the report. */
export const BATCH = 2000;

/**
 * Keyset pagination: `fetch(last)` returns the rows after `last` (undefined first), in the order the key
 * follows, at most `size`; the generator stops after a short batch. Never the whole result in memory: one
 * batch being written and, pipelined, the next one being read meanwhile (issue 14 "Performance").
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
