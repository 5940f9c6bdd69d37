import { z } from 'zod';
import {
  GRID_COLUMN_KEY_MAX,
  GRID_COLUMN_KEY_PATTERN,
  GRID_HIDDEN_MAX,
  GRID_KEYS,
} from '../rules/grid-columns';

/** A grid whose columns a person chooses: the three supervision grids (002 §2.9). */
export const GridKey = z.enum(GRID_KEYS, { message: `grid: one of ${GRID_KEYS.join(', ')}` });
export type GridKey = z.infer<typeof GridKey>;

/** A column's key (the web's column `key`): letters and digits, starting with a letter. */
export const GridColumnKey = z
  .string()
  .max(GRID_COLUMN_KEY_MAX, `a column key has at most ${GRID_COLUMN_KEY_MAX} characters`)
  .regex(GRID_COLUMN_KEY_PATTERN, 'a column key is letters and digits, starting with a letter');

/** The columns a person hides, at most GRID_HIDDEN_MAX keys. */
export const HiddenColumns = z
  .array(GridColumnKey)
  .max(GRID_HIDDEN_MAX, `at most ${GRID_HIDDEN_MAX} hidden columns`);

/**
 * The caller's choice of columns of one grid (GET /api/me/grid-columns/{grid}): the hidden columns' keys in the
 * grid's order, and the choice's version (1 before the first save, when nothing is hidden).
 */
export const GridPreference = z.object({
  grid: GridKey,
  hidden: HiddenColumns,
  version: z.int32(),
});
export type GridPreference = z.infer<typeof GridPreference>;

export const GridPreferenceParams = z.object({ grid: GridKey });

/** PUT /api/me/grid-columns/{grid}: the columns the caller hides (none = the default, every column shown). */
export const GridPreferenceBody = z.object({ hidden: HiddenColumns });
export type GridPreferenceBody = z.infer<typeof GridPreferenceBody>;
