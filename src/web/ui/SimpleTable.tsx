import type { Key, ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type TableProps,
} from '@fluentui/react-components';

/**
 * A plain read-only table (Fluent's Table): a header row of titles and one row a record, its cells in the
 * headers' order. For small fixed lists; a list people sort, filter or edit is a `PortalDataGrid`.
 */
export function SimpleTable<T>({
  headers,
  rows,
  rowKey,
  cells,
  ...table
}: Pick<TableProps, 'aria-label' | 'aria-labelledby' | 'className' | 'size'> & {
  headers: readonly ReactNode[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  cells: (row: T) => readonly ReactNode[];
}) {
  return (
    <Table {...table}>
      <TableHeader>
        <TableRow>
          {headers.map((h, i) => (
            <TableHeaderCell key={i}>{h}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={rowKey(r)}>
            {cells(r).map((c, i) => (
              <TableCell key={i}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
