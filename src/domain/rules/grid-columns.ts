/**
 * The grids whose columns a person may choose: the three supervision grids of spec 002 §2.9. Each
 * grid's columns are listed once, in their order, by the keys the web's columns use
 * (src/web/features/admin/supervision-shared/columns.tsx); the server refuses a hidden column a grid does not
 * have. The project code is always shown (it names the row); row actions are not columns.
 */
export const GRID_KEYS = ['weekly-supervision', 'allocation-supervision', 'pdc-supervision'] as const;
export type GridKey = (typeof GRID_KEYS)[number];

/** Every column a supervision grid may show (002 §2.9). */
export const SUPERVISION_COLUMN_KEYS = [
  'projectCode',
  'projectName',
  'clientName',
  'statusName',
  'practiceName',
  'businessUnitName',
  'coManagementName',
  'priority',
  'internal',
  'onePageSubmitted',
  'onePageProblemLevel',
  'environmentStatus',
  'duringTypeName',
  'hasAllocation',
  'hasGovernanceAction',
  'allocationStatusName',
  'pdcPriority',
] as const;
export type SupervisionColumnKey = (typeof SUPERVISION_COLUMN_KEYS)[number];

/** Every supervision grid starts with the project's code, name, client and status (002 §2.9). */
const PROJECT_COLUMNS = ['projectCode', 'projectName', 'clientName', 'statusName'] as const;

/** Each grid's columns in their order (002 §2.9). */
export const GRID_COLUMNS = {
  'weekly-supervision': [
    ...PROJECT_COLUMNS,
    'priority',
    'internal',
    'coManagementName',
    'duringTypeName',
    'onePageSubmitted',
    'onePageProblemLevel',
    'environmentStatus',
  ],
  'allocation-supervision': [
    ...PROJECT_COLUMNS,
    'practiceName',
    'onePageSubmitted',
    'duringTypeName',
    'hasAllocation',
    'hasGovernanceAction',
    'allocationStatusName',
    'environmentStatus',
  ],
  'pdc-supervision': [
    ...PROJECT_COLUMNS,
    'practiceName',
    'businessUnitName',
    'pdcPriority',
    'onePageSubmitted',
    'onePageProblemLevel',
    'environmentStatus',
  ],
} as const satisfies Record<GridKey, readonly SupervisionColumnKey[]>;

/** The columns a person cannot hide: the project code names the row. */
export const GRID_ALWAYS_SHOWN: Record<GridKey, readonly string[]> = {
  'weekly-supervision': ['projectCode'],
  'allocation-supervision': ['projectCode'],
  'pdc-supervision': ['projectCode'],
};

/** The hidden columns of a grid nobody has chosen for (and of Reset columns): none. */
export const DEFAULT_HIDDEN_COLUMNS: readonly string[] = [];

/** At most this many hidden column keys in one choice, each at most GRID_COLUMN_KEY_MAX characters. */
export const GRID_HIDDEN_MAX = 50;
export const GRID_COLUMN_KEY_MAX = 40;
/** A column key: letters and digits, starting with a letter (the web's column `key`s). */
export const GRID_COLUMN_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

export const isGridKey = (s: string): s is GridKey => (GRID_KEYS as readonly string[]).includes(s);

/**
 * Why `hidden` is not a valid choice for `grid` (a sentence naming the keys), or undefined when it is: every key
 * must be a column of the grid, and the always-shown columns cannot be hidden.
 */
export function hiddenColumnsProblem(grid: GridKey, hidden: readonly string[]): string | undefined {
  const columns: readonly string[] = GRID_COLUMNS[grid];
  const unknown = [...new Set(hidden.filter((k) => !columns.includes(k)))];
  if (unknown.length)
    return `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a column' : 'are not columns'} of ${grid}; its columns are ${columns.join(', ')}`;
  const fixed = [...new Set(hidden.filter((k) => GRID_ALWAYS_SHOWN[grid].includes(k)))];
  if (fixed.length) return `${fixed.join(', ')} is always shown and cannot be hidden`;
  return undefined;
}

/** The hidden columns of `grid` among `hidden`, each once, in the grid's order (unknown keys left out). */
export function normalizeHiddenColumns(grid: GridKey, hidden: readonly string[]): string[] {
  const set = new Set(hidden);
  return GRID_COLUMNS[grid].filter((k) => set.has(k) && !GRID_ALWAYS_SHOWN[grid].includes(k));
}
