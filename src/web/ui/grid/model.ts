/**
 * The portal grid's pure model: text normalisation, value comparison, distinct values for the header
 * filters and the search / filter predicates. No React, no DOM: unit-tested exhaustively
 * (tests/web/ui/grid/model.test.ts) and used by the grid's model (useGridModel.ts).
 */

/** What a column yields for a row: shown as text, searched, filtered. */
export type CellValue = string | number | boolean | null | undefined;
/** What a column sorts by (default: its value). */
export type SortValue = string | number | boolean | null | undefined;

/** The header filter's label for an empty value. */
export const BLANK_LABEL = '(Blanks)';

const DIACRITICS = /\p{Diacritic}/gu;
/** Anything but printable ASCII, tabs and line breaks. */
const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;
// the only ASCII characters with the Diacritic property (ASCII text is its own NFD)
const ASCII_DIACRITICS = /[\^`]/g;

/** Case- and accent-free form of a text: NFD, diacritics removed, lower case ("São José" → "sao jose"). */
export function normalizeText(text: string): string {
  // plain ASCII (most codes, dates and names) skips the Unicode normalisation: the same result, several times faster
  if (!NOT_PLAIN_ASCII.test(text)) return text.replace(ASCII_DIACRITICS, '').toLowerCase();
  return text.normalize('NFD').replace(DIACRITICS, '').toLowerCase();
}

/** A value as the grid shows it: blanks are '', booleans Yes / No, numbers as written. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** True for the values that sort last and show as (Blanks): null, undefined and ''. */
export function isBlank(value: SortValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

// One collator for every comparison: accent-aware (e < é < f), case-insensitive, numeric ("P-2" < "P-10").
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'accent' });

/**
 * Ascending order of two sort values: numbers numerically, booleans false before true, text with the
 * locale collator (accent-aware, numeric). Blanks (null, undefined, '') come after every other value.
 * Mixed kinds compare as text.
 */
export function compareValues(a: SortValue, b: SortValue): number {
  const aBlank = isBlank(a);
  const bBlank = isBlank(b);
  if (aBlank || bBlank) return aBlank && bBlank ? 0 : aBlank ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return collator.compare(cellText(a), cellText(b));
}

/** The words of a search text, normalised; an empty list matches everything. */
export function searchWords(query: string): string[] {
  return normalizeText(query)
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/**
 * Separates the columns in a haystack so that no word matches across two cells: a line break, as search words never
 * hold white space (and it is plain ASCII, so a row of plain text stays on normalizeText's quick path).
 */
export const CELL_SEPARATOR = '\n';

/**
 * The normalised text searched for one row: its searchable cells' texts, each kept apart. Normalised once for the
 * row, not once per cell: the same text (NFD, diacritics and case work per character, and the separator is neither
 * a letter nor a mark), with one normalisation per row where there was one per cell.
 */
export function buildHaystack(values: readonly CellValue[]): string {
  return normalizeText(values.map(cellText).join(CELL_SEPARATOR));
}

/** True when every word occurs in the haystack (words from searchWords, haystack from buildHaystack). */
export function matchesWords(haystack: string, words: readonly string[]): boolean {
  for (const w of words) if (!haystack.includes(w)) return false;
  return true;
}

/** True when a row's filter key passes a header filter (undefined = no filter = every value). */
export function matchesFilter(key: string, selected: ReadonlySet<string> | undefined): boolean {
  return selected === undefined || selected.has(key);
}

/** One choice of a header filter: `value` is what rows are filtered on, `label` what the list shows. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * The distinct values of a column, for its header filter: one option per distinct text of `value`,
 * labelled with that text ((Blanks) for empty), ordered by the column's sort value (of the first row
 * carrying it), blanks last.
 */
export function distinctValues<T>(
  rows: readonly T[],
  value: (row: T) => CellValue,
  sortValue: (row: T) => SortValue = value,
): FilterOption[] {
  const seen = new Map<string, SortValue>();
  for (const r of rows) {
    const key = cellText(value(r));
    if (!seen.has(key)) seen.set(key, key === '' ? undefined : sortValue(r));
  }
  return [...seen.entries()]
    .sort(([ka, sa], [kb, sb]) => compareValues(sa, sb) || compareValues(ka, kb))
    .map(([key]) => ({ value: key, label: key === '' ? BLANK_LABEL : key }));
}

/** A row prepared once per `rows` identity: its search haystack and each filterable column's key. */
export interface PreparedRow<T> {
  row: T;
  haystack: string;
  keys: Record<string, string>;
}

/** A column as the model sees it. */
export interface ModelColumn<T> {
  key: string;
  value: (row: T) => CellValue;
  searchable: boolean;
  filterable: boolean;
}

/**
 * A prepared row: its search text and filter keys built on first use and kept (the first screen shows its rows
 * without normalising 5,000 of them). A class, so every row reads them through one shared getter: a search over
 * thousands of rows stays on V8's fast path (per-row getter closures made each row an object of its own shape).
 */
class LazyPreparedRow<T> implements PreparedRow<T> {
  private built: string | undefined;
  private filterKeys: Record<string, string> | undefined;
  constructor(
    readonly row: T,
    private readonly searchable: readonly ModelColumn<T>[],
    private readonly filterable: readonly ModelColumn<T>[],
  ) {}
  get haystack(): string {
    return (this.built ??= buildHaystack(this.searchable.map((c) => c.value(this.row))));
  }
  get keys(): Record<string, string> {
    if (!this.filterKeys) {
      const keys: Record<string, string> = {};
      for (const c of this.filterable) keys[c.key] = cellText(c.value(this.row));
      this.filterKeys = keys;
    }
    return this.filterKeys;
  }
}

/** Prepares every row once: searching then costs one `includes` per word and row. */
export function prepareRows<T>(rows: readonly T[], columns: readonly ModelColumn<T>[]): PreparedRow<T>[] {
  const searchable = columns.filter((c) => c.searchable);
  const filterable = columns.filter((c) => c.filterable);
  return rows.map((row) => new LazyPreparedRow(row, searchable, filterable));
}

/** The header filters that filter (a column with no selection filters nothing), as the grid checks them per row. */
export type ActiveFilters = readonly (readonly [key: string, selected: ReadonlySet<string>])[];
export const activeFilters = (
  filters: Readonly<Record<string, ReadonlySet<string> | undefined>>,
): ActiveFilters =>
  Object.entries(filters).filter((e): e is [string, ReadonlySet<string>] => e[1] !== undefined);

/** The search and header-filter predicate over prepared rows (the filters as `activeFilters` gives them). */
export function matchesRow<T>(
  prepared: PreparedRow<T>,
  words: readonly string[],
  active: ActiveFilters,
): boolean {
  if (words.length && !matchesWords(prepared.haystack, words)) return false;
  for (const [key, selected] of active) if (!matchesFilter(prepared.keys[key] ?? '', selected)) return false;
  return true;
}

/** The search and header-filter predicate over prepared rows. */
export function rowMatches<T>(
  prepared: PreparedRow<T>,
  words: readonly string[],
  filters: Readonly<Record<string, ReadonlySet<string> | undefined>>,
): boolean {
  return matchesRow(prepared, words, activeFilters(filters));
}

/** A page window: the 1-based first and last row numbers shown and the page count (at least 1). */
export function pageWindow(total: number, pageIndex: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(0, pageIndex), pages - 1);
  return {
    page,
    pages,
    first: total === 0 ? 0 : page * pageSize + 1,
    last: Math.min(total, page * pageSize + pageSize),
  };
}
