// The portal's grid lives in ./grid (a model on Fluent's useTableFeatures, Fluent table parts, virtual rows); this module
// keeps the historical import path.
export { PortalDataGrid, ROW_HEIGHT } from './grid/PortalDataGrid';
export { actionColumn, professionalColumn, professionalName } from './grid/types';
export { GridPage, QueryGrid, type GridQuery, type QueryGridProps } from './grid/QueryGrid';
export type {
  CellValue,
  FilterOption,
  InfiniteRows,
  PortalColumn,
  PortalDataGridProps,
  RowId,
  ServerFilter,
  SortState,
  SortValue,
} from './grid/types';
export { useGridWrites, type GridWriteToasts } from './grid/writes';
export { ColumnChooser, type ChooserColumn, type ColumnChooserProps } from './grid/ColumnChooser';
