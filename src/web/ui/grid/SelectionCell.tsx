import { TableSelectionCell, type TableSelectionCellProps } from '@fluentui/react-components';

/** Fluent's selection cell (check box or radio): a chunk of its own, loaded by selectable grids only. */
export default function SelectionCell(props: TableSelectionCellProps) {
  return <TableSelectionCell {...props} />;
}
