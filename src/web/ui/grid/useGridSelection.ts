import { useEffect } from 'react';
import { useEventCallback } from '@fluentui/react-components';
import { SelectionCell } from './lazyParts';
import type { GridRow } from './useGridModel';

const EMPTY: never[] = [];

/** What the selection reads of the grid's model (useGridModel). */
interface SelectionModel<T> {
  rows: GridRow<T>[];
  isSelected: (row: GridRow<T>) => boolean;
  toggleAll: (subset: GridRow<T>[]) => void;
}

/**
 * Row selection as the header and the rows show it (the model keeps which rows are selected): "select all" selects
 * the rows the search and filters leave (every page), not hidden ones.
 */
export function useGridSelection<T>(
  model: SelectionModel<T>,
  selectable: 'single' | 'multiselect' | undefined,
) {
  // the selection cells' code loads while the grid still waits for its rows
  useEffect(() => {
    if (selectable) SelectionCell.preload().catch(() => undefined);
  }, [selectable]);
  const selectableRows = selectable === 'multiselect' ? model.rows : EMPTY;
  const allSelected = selectableRows.length > 0 && selectableRows.every((r) => model.isSelected(r));
  const someSelected = !allSelected && selectableRows.some((r) => model.isSelected(r));
  const toggleAll = useEventCallback(() => model.toggleAll(selectableRows));
  return {
    allSelected,
    someSelected,
    toggleAll,
    /** A row's selected state (undefined when the grid does not select). */
    selectedOf: (row: GridRow<T>) => (selectable ? model.isSelected(row) : undefined),
  };
}
