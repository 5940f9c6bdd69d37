import { describe, expect, it } from 'vitest';
import { ROW_HEIGHT } from '@web/ui/grid/hooks';
import { FIRST_PAINT_ROWS, paintedRows, rowsInView } from '@web/ui/grid/usePartialPaint';
import { ACTIONS_STYLE, visibleColumns, widthStyle } from '@web/ui/grid/columns';
import { ignoreEnter } from '@web/ui/grid/keyboard';
import { cardFields } from '@web/ui/grid/StackedRows';
import type { InfiniteRows, PortalColumn } from '@web/ui/grid/types';
import { FETCH_AHEAD, wantsNextPage } from '@web/ui/grid/useVirtualRows';

interface Row {
  id: number;
  name: string;
  note: string | null;
  active: boolean;
  count: number;
}
const columns: PortalColumn<Row>[] = [
  { key: 'name', title: 'Name' },
  { key: 'note', title: 'Note', hideOnMobile: true },
  { key: 'active', title: 'Active' },
  { key: 'count', title: 'Count', hideOnMobile: true },
  { key: 'open', title: '', render: (r) => `open ${r.id}` },
];
const keys = (cols: PortalColumn<Row>[]) => cols.map((c) => c.key);

describe('the columns a grid shows', () => {
  it('shows every column on a wide screen, whatever the phone’s set', () => {
    expect(keys(visibleColumns(columns, false, undefined))).toEqual([
      'name',
      'note',
      'active',
      'count',
      'open',
    ]);
    expect(keys(visibleColumns(columns, false, ['name']))).toEqual([
      'name',
      'note',
      'active',
      'count',
      'open',
    ]);
  });

  it('on a phone leaves out the columns hidden on mobile, or shows only the mobile columns, in the columns’ order', () => {
    expect(keys(visibleColumns(columns, true, undefined))).toEqual(['name', 'active', 'open']);
    expect(keys(visibleColumns(columns, true, ['count', 'name']))).toEqual(['name', 'count']);
  });

  it('keeps a fixed width in the header and the rows, shrinking to at most 60 px', () => {
    expect(widthStyle(undefined)).toBeUndefined();
    expect(widthStyle(0)).toBeUndefined();
    expect(widthStyle(40)).toEqual({ flex: '0 1 40px', minWidth: '40px' });
    expect(widthStyle(200)).toEqual({ flex: '0 1 200px', minWidth: '60px' });
    expect(ACTIONS_STYLE).toEqual({ flex: '0 1 104px', minWidth: '60px' });
  });
});

describe('a stacked row’s card', () => {
  const row: Row = { id: 7, name: 'Angra', note: null, active: false, count: 0 };

  it('lists each value as the grid shows it, leaving empty ones out', () => {
    const fields = cardFields(columns, row);
    expect(fields.map((f) => [f.column.key, f.text])).toEqual([
      ['name', 'Angra'],
      ['active', 'No'],
      ['count', '0'],
      ['open', undefined],
    ]);
  });

  it('keeps a column that renders its cell, whatever its value', () => {
    const fields = cardFields([{ key: 'name', title: 'Name', value: () => '', render: () => 'x' }], row);
    expect(fields.map((f) => [f.column.key, f.text])).toEqual([['name', undefined]]);
    expect(cardFields([{ key: 'note', title: 'Note' }], row)).toEqual([]);
  });
});

describe('infinite rows ask for the next page', () => {
  const infinite = (o: Partial<InfiniteRows> = {}): InfiniteRows => ({
    total: 500,
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    ...o,
  });

  it('when the last row rendered comes near the end of the loaded rows', () => {
    expect(FETCH_AHEAD).toBe(20);
    expect(wantsNextPage(infinite(), 100 - FETCH_AHEAD, 100)).toBe(true);
    expect(wantsNextPage(infinite(), 99, 100)).toBe(true);
    expect(wantsNextPage(infinite(), 100 - FETCH_AHEAD - 1, 100)).toBe(false);
  });

  it('not while a page is on its way, nor when the server has no more, nor without infinite rows', () => {
    expect(wantsNextPage(infinite({ isFetchingNextPage: true }), 99, 100)).toBe(false);
    expect(wantsNextPage(infinite({ hasNextPage: false }), 99, 100)).toBe(false);
    expect(wantsNextPage(undefined, 99, 100)).toBe(false);
  });
});

describe('a row that opens something keeps Enter', () => {
  it('adds Enter to the keys Tabster leaves to the element, keeping the rest of its attributes', () => {
    const attribute = {
      'data-tabster': JSON.stringify({
        groupper: { tabbability: 2 },
        focusable: { ignoreKeydown: { Tab: true } },
      }),
    };
    expect(JSON.parse(ignoreEnter(attribute)['data-tabster'])).toEqual({
      groupper: { tabbability: 2 },
      focusable: { ignoreKeydown: { Tab: true, Enter: true } },
    });
  });

  it('gives Tabster attributes of its own to an element without any', () => {
    expect(JSON.parse(ignoreEnter({})['data-tabster'])).toEqual({
      focusable: { ignoreKeydown: { Enter: true } },
    });
  });
});

describe('the rows a page paints first', () => {
  it('counts the rows the window shows, the last one shown in part included', () => {
    expect(rowsInView(768, 0)).toBe(Math.ceil(768 / ROW_HEIGHT));
    expect(rowsInView(768, 0)).toBe(18);
    expect(rowsInView(100, 0)).toBe(3);
    expect(rowsInView(768, 760)).toBe(1);
  });

  it('paints at least one row, even with the body below the window', () => {
    expect(rowsInView(768, 800)).toBe(1);
    expect(rowsInView(768, 5000)).toBe(1);
  });

  it('paints the whole page at once when the window shows more than the first paint’s rows', () => {
    expect(rowsInView(FIRST_PAINT_ROWS * ROW_HEIGHT, 0)).toBe(FIRST_PAINT_ROWS);
    expect(rowsInView(FIRST_PAINT_ROWS * ROW_HEIGHT + 1, 0)).toBe(Infinity);
    expect(rowsInView(2000, -400)).toBe(Infinity);
  });
});

describe('what a page’s body paints', () => {
  const rows = ['a', 'b', 'c', 'd', 'e', 'f'];
  const shown = ['u', 'v', 'w', 'x', 'y', 'z'];

  it('a partial page: its first rows, then the rows shown before below them, left as they were', () => {
    const { bodyRows, painted } = paintedRows(rows, shown, 2, true);
    expect(bodyRows).toEqual(['a', 'b']);
    expect(painted).toEqual(['a', 'b', 'w', 'x', 'y', 'z']);
  });

  it('a partial page with nothing shown below its first rows paints its first rows only', () => {
    const { bodyRows, painted } = paintedRows(rows, ['u', 'v'], 2, true);
    expect(bodyRows).toEqual(['a', 'b']);
    expect(painted).toBe(bodyRows);
    expect(paintedRows(rows, [], 3, true).painted).toEqual(['a', 'b', 'c']);
  });

  it('a whole page: its rows, the same array', () => {
    const { bodyRows, painted } = paintedRows(rows, shown, 2, false);
    expect(bodyRows).toBe(rows);
    expect(painted).toBe(rows);
  });
});
