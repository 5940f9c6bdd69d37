/**
 * Excel reports, streamed (≥ 20,000 rows/s, memory flat). A small SpreadsheetML
 * writer of our own: each sheet's XML is built row by row, deflated by fflate's streaming zip and written
 * to the output as it goes, waiting for 'drain' when the output is full — a sheet of any length costs the
 * memory of one chunk (plus the batch its source reads).
 *
 * Cells are typed: text (inline strings), real numbers, real Excel dates ('YYYY-MM-DD' strings or Dates,
 * shown dd/mm/yyyy), Yes/No for booleans. Each sheet gets a bold, grey, frozen header row with a bottom
 * border, an autofilter over its rows and column widths (given, or measured on the header and the first rows).
 *
 * The pieces: `columns.ts` (the column model), `cells.ts` and `spreadsheetml.ts` (the XML), `zip-stream.ts`
 * (the zip on its way out), `workbook.ts` (a workbook written to any stream), `http.ts` (the HTTP answer).
 */
export { cellValue, fieldColumns, type AnySheet, type Column, type ColumnType, type Sheet } from './columns';
export { XLSX_CONTENT_TYPE } from './spreadsheetml';
export { writeWorkbook } from './workbook';
export { sendWorkbook } from './http';
