import { useMemo } from 'react';
import { useTableCompositeNavigation } from '@fluentui/react-components';

/** Tabster attributes (`data-tabster` JSON) with Enter left to the element's own handler. */
export function ignoreEnter(attribute: { 'data-tabster'?: string }) {
  const json = attribute['data-tabster'];
  const parsed = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  const focusable = (parsed.focusable ?? {}) as Record<string, unknown>;
  return {
    'data-tabster': JSON.stringify({
      ...parsed,
      focusable: { ...focusable, ignoreKeydown: { ...(focusable.ignoreKeydown as object), Enter: true } },
    }),
  };
}

/**
 * The grid's keyboard: rows focusable, arrows move between rows and into cells (Fluent's composite navigation). A
 * row that opens something (`rowsOpen`: the grid has `onRowClick`) keeps Enter for itself: Tabster's row group would
 * otherwise take it (move focus into the row's cells) before the row sees it.
 */
export function useGridKeyboard(rowsOpen: boolean) {
  const { onTableKeyDown, tableTabsterAttribute, tableRowTabsterAttribute } = useTableCompositeNavigation();
  const rowTabster = useMemo(
    () => (rowsOpen ? ignoreEnter(tableRowTabsterAttribute) : tableRowTabsterAttribute),
    [rowsOpen, tableRowTabsterAttribute],
  );
  return { onTableKeyDown, tableTabster: tableTabsterAttribute, rowTabster };
}
