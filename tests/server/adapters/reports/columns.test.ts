import { describe, expect, it } from 'vitest';
import {
  cellValue,
  columnWidths,
  fieldColumns,
  sheetName,
  type Column,
} from '@server/adapters/reports/columns';

describe('report columns: cell values', () => {
  it('leaves the cell empty for null and undefined, whatever the type', () => {
    for (const type of ['text', 'number', 'integer', 'date', 'datetime', 'boolean', 'percent'] as const) {
      expect(cellValue(type, null)).toBeNull();
      expect(cellValue(type, undefined)).toBeNull();
    }
  });

  it('writes text as a string and booleans as Yes / No', () => {
    expect(cellValue('text', 42)).toBe('42');
    expect(cellValue('text', 'Ana')).toBe('Ana');
    expect(cellValue('boolean', true)).toBe('Yes');
    expect(cellValue('boolean', 0)).toBe('No');
  });

  it('reads numbers from numbers and numeric strings, rounds integers, and drops what is no number', () => {
    expect(cellValue('number', '12.5')).toBe(12.5);
    expect(cellValue('percent', 0.25)).toBe(0.25);
    expect(cellValue('integer', '2.6')).toBe(3);
    expect(cellValue('number', '')).toBeNull();
    expect(cellValue('number', 'abc')).toBeNull();
    expect(cellValue('integer', Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('writes a date as midnight UTC of its day: from YYYY-MM-DD, an ISO timestamp or a Date', () => {
    expect(cellValue('date', '2024-03-05')).toEqual(new Date('2024-03-05T00:00:00Z'));
    expect(cellValue('date', '2024-03-05T23:59:00Z')).toEqual(new Date('2024-03-05T00:00:00Z'));
    expect(cellValue('date', new Date('2020-01-31T15:00:00Z'))).toEqual(new Date('2020-01-31T00:00:00Z'));
    expect(cellValue('date', 'not a date')).toBeNull();
    expect(cellValue('date', new Date('nonsense'))).toBeNull();
  });

  it('keeps a datetime as the point in time it is', () => {
    expect(cellValue('datetime', '2024-06-01T12:34:00Z')).toEqual(new Date('2024-06-01T12:34:00Z'));
    expect(cellValue('datetime', 0)).toEqual(new Date(0));
    expect(cellValue('datetime', 'nonsense')).toBeNull();
  });
});

describe('report columns: field columns', () => {
  it("show the row's own field under its name", () => {
    const field = fieldColumns<{ priority: boolean; name: string }>();
    const column = field('Priority', 'priority', 'boolean');
    expect(column).toMatchObject({ header: 'Priority', key: 'priority', type: 'boolean' });
    expect(column.value({ priority: true, name: 'x' })).toBe(true);
  });
});

describe('report columns: widths', () => {
  const text = (header: string, width?: number): Column<unknown> => ({
    header,
    key: header,
    type: 'text',
    width,
    value: (r) => r,
  });

  it('keeps a given width and measures the others on the header and the rows, within 8 and 60', () => {
    const rows = ['short', 'a name of twenty-one', 'x'.repeat(200)];
    expect(columnWidths([text('Name', 30)], rows)).toEqual([30]);
    expect(columnWidths([text('Name')], ['ab'])).toEqual([8]);
    expect(columnWidths([text('Name')], rows.slice(0, 2))).toEqual([22]);
    expect(columnWidths([text('Name')], rows)).toEqual([60]);
  });

  it('measures the longest line of text, dates as shown and numbers with their separators', () => {
    expect(columnWidths([text('Notes')], ['first line\nthe second, longer line'])).toEqual([25]);
    const date: Column<unknown> = { header: 'On', key: 'on', type: 'date', value: (r) => r };
    expect(columnWidths([date], ['2024-03-05'])).toEqual([12]);
    const days: Column<unknown> = { header: 'Days', key: 'days', type: 'number', value: (r) => r };
    // '1234.50' and a thousands separator: 7 + 4/3 characters
    expect(columnWidths([days], [1234.5])).toEqual([11]);
  });
});

describe('report columns: sheet names', () => {
  it("follows Excel's rules: no : \\ / ? * [ ], at most 31 characters, a name for an empty one", () => {
    const used = new Set<string>();
    expect(sheetName('Q1: a/b [draft]?', used)).toBe('Q1  a b  draft');
    expect(sheetName('x'.repeat(40), used)).toBe('x'.repeat(31));
    expect(sheetName(' * ', used)).toBe('Sheet');
  });

  it('numbers a name already used in the workbook, ignoring case', () => {
    const used = new Set<string>();
    expect(sheetName('People', used)).toBe('People');
    expect(sheetName('people', used)).toBe('people 2');
    expect(sheetName('PEOPLE', used)).toBe('PEOPLE 3');
    expect(sheetName('y'.repeat(31), used)).toBe('y'.repeat(31));
    expect(sheetName('y'.repeat(31), used)).toBe(`${'y'.repeat(29)} 2`);
  });
});
