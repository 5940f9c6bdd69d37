import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLazyComponents } from '@web/ui/lazy';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Table, TableBody, TableRow } from '@fluentui/react-components';
import userEvent from '@testing-library/user-event';
import { PortalDataGrid, type PortalColumn, type RowId } from '@web/ui';
import { FIRST_PAINT_ROWS, ROW_HEIGHT } from '@web/ui/grid/PortalDataGrid';
import { renderWithProviders } from '../../render';

interface City {
  id: number;
  name: string;
  person: string;
  idLevel: number;
}
const LEVELS: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Critical' };
const cities: City[] = [
  { id: 1, name: 'São Paulo', person: 'José', idLevel: 2 },
  { id: 2, name: 'Rio', person: 'Ana', idLevel: 4 },
  { id: 3, name: 'Évora', person: 'Zoë', idLevel: 1 },
  { id: 4, name: 'Angra', person: 'Bruno', idLevel: 3 },
];
const columns: PortalColumn<City>[] = [
  { key: 'name', title: 'City' },
  { key: 'person', title: 'Person' },
  {
    key: 'idLevel',
    title: 'Level',
    value: (r) => LEVELS[r.idLevel],
    sortValue: (r) => r.idLevel,
  },
];

/** The grid of cities most tests render: its label, rows, columns and row ids. */
const citiesGrid = { ariaLabel: 'Cities', rows: cities, columns, getRowId: (r: City) => r.id };

const dataRows = (grid = screen.getByRole('grid')) =>
  within(grid)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('gridcell').length > 0);
const firstCells = (grid?: HTMLElement) =>
  dataRows(grid).map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);

// the virtual rows' and selection cells' chunks, loaded as in an app that has shown such a grid before
beforeAll(() => preloadLazyComponents());

describe('PortalDataGrid on Fluent table features and table parts', () => {
  it('is a grid with column headers, rows and grid cells', () => {
    renderWithProviders(<PortalDataGrid {...citiesGrid} />);
    const grid = screen.getByRole('grid', { name: 'Cities' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['City', 'Person', 'Level']);
    expect(grid).toHaveAttribute('aria-rowcount', '5');
    expect(within(grid).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(dataRows().map((r) => r.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4', '5']);
  });

  it('sorts by the sort value, not by the label shown', async () => {
    renderWithProviders(<PortalDataGrid {...citiesGrid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Level' }));
    // by label it would be Critical, High, Low, Medium
    expect(firstCells()).toEqual(['Évora', 'São Paulo', 'Angra', 'Rio']);
    expect(screen.getByRole('columnheader', { name: /Level/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Level' }));
    expect(firstCells()).toEqual(['Rio', 'Angra', 'São Paulo', 'Évora']);
    expect(screen.getByRole('columnheader', { name: /Level/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts text accent-aware (É with E, not after Z)', async () => {
    renderWithProviders(<PortalDataGrid {...citiesGrid} />);
    await userEvent.click(screen.getByRole('button', { name: 'City' }));
    expect(firstCells()).toEqual(['Angra', 'Évora', 'Rio', 'São Paulo']);
  });

  it('keeps blank values last in both directions', async () => {
    const rows = [
      { id: 1, v: 'b' },
      { id: 2, v: null },
      { id: 3, v: 'a' },
    ];
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Blanks"
        rows={rows}
        columns={[
          { key: 'id', title: 'Id' },
          { key: 'v', title: 'V' },
        ]}
        getRowId={(r) => r.id}
        defaultSort={{ key: 'v', direction: 'asc' }}
      />,
    );
    expect(firstCells()).toEqual(['3', '1', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'V' }));
    expect(firstCells()).toEqual(['1', '3', '2']);
  });

  it('searches ignoring case and accents, every word must match', async () => {
    renderWithProviders(<PortalDataGrid {...citiesGrid} search />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(box, 'Sao');
    expect(firstCells()).toEqual(['São Paulo']);
    await userEvent.clear(box);
    await userEvent.type(box, 'JOSE');
    expect(firstCells()).toEqual(['São Paulo']);
    await userEvent.clear(box);
    await userEvent.type(box, 'evora zoe');
    expect(firstCells()).toEqual(['Évora']);
    await userEvent.clear(box);
    await userEvent.type(box, 'rio zoe');
    expect(screen.getByText('No data')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'critical');
    expect(firstCells()).toEqual(['Rio']); // the label is searched
  });

  it('reports the search text debounced (300 ms) to onSearchChange', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onSearchChange = vi.fn();
      renderWithProviders(<PortalDataGrid {...citiesGrid} search onSearchChange={onSearchChange} />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox'), 'rio');
      expect(onSearchChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(300));
      expect(onSearchChange).toHaveBeenCalledTimes(1);
      expect(onSearchChange).toHaveBeenCalledWith('rio');
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters on the values chosen in the header filter, listed by sort value with their labels', async () => {
    renderWithProviders(<PortalDataGrid {...citiesGrid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filter Level' }));
    const boxes = (await screen.findAllByRole('checkbox')).map(
      (c) => (c as HTMLInputElement).labels![0]!.textContent,
    );
    expect(boxes).toEqual(['(Select all)', 'Low', 'Medium', 'High', 'Critical']);
    await userEvent.click(screen.getByRole('checkbox', { name: '(Select all)' }));
    expect(screen.getByText('No data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'High' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Low' }));
    expect(firstCells()).toEqual(['Évora', 'Angra']);
    expect(screen.getByRole('button', { name: 'Filter Level' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the header filter is a plain button until first opened; Escape closes its list and focus returns to it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortalDataGrid {...citiesGrid} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('button', { name: 'Filter Level' }).focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('dialog', { name: 'Filter Level' });
    await waitFor(() => expect(list).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter Level' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter Level' })).toHaveFocus());
  });

  it('pages, changes the page size and returns to page 1 when searching', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      name: `C-${String(i + 1).padStart(2, '0')}`,
      person: i % 2 ? 'Odd' : 'Even',
      idLevel: 1,
    }));
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Many"
        rows={many}
        columns={columns}
        getRowId={(r) => r.id}
        search
        pageSize={25}
        pageSizes={[10, 25, 50]}
      />,
    );
    expect(firstCells()).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstCells()[0]).toBe('C-26');
    expect(dataRows()[0]).toHaveAttribute('aria-rowindex', '27');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(firstCells()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 6')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'odd');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '31');
  });

  /** 5,000 cities, one in ten of José's, in a searchable grid paged by 50. */
  const renderBigGrid = () =>
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Big"
        rows={Array.from({ length: 5000 }, (_, i) => ({
          id: i + 1,
          name: `Cidade ${i + 1}`,
          person: i % 10 === 0 ? 'José' : 'Maria',
          idLevel: (i % 4) + 1,
        }))}
        columns={columns}
        getRowId={(r) => r.id}
        search
        pageSize={50}
      />,
    );

  it('renders only the page (not 5,000 rows) while searching 5,000 rows', async () => {
    renderBigGrid();
    // the first paint shows a screen's worth of the page, the rest follows in the next frame
    expect(dataRows()).toHaveLength(FIRST_PAINT_ROWS);
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    await userEvent.type(screen.getByRole('searchbox'), 'jose');
    expect(dataRows()).toHaveLength(50);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '501');
    expect(screen.getByText('1–50 of 500')).toBeInTheDocument();
  });

  it('a keystroke shows its text and the first screen of filtered rows at once, the rest of the page a frame later', async () => {
    renderBigGrid();
    const people = (rows: HTMLElement[]) =>
      rows.map((r) => within(r).getAllByRole('gridcell')[1]!.textContent);
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    const before = people(dataRows());
    // the rows the window shows (the grid's body starts at the top of jsdom's 768-px window)
    const inWindow = Math.ceil(window.innerHeight / ROW_HEIGHT);
    expect(inWindow).toBeLessThan(FIRST_PAINT_ROWS);
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    // the keystroke as a browser delivers it, outside act(): what it renders in its own event, nothing deferred yet
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'jose');
      box.dispatchEvent(new Event('input', { bubbles: true }));
      expect(box.value).toBe('jose');
      expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '501');
      expect(screen.getByText('1–50 of 500')).toBeInTheDocument();
      const rows = dataRows();
      expect(rows).toHaveLength(50);
      const first = rows.slice(0, inWindow);
      expect(new Set(people(first))).toEqual(new Set(['José']));
      expect(first.map((r) => r.getAttribute('aria-rowindex'))).toEqual(first.map((_, i) => String(i + 2)));
      // below the window the rows are left as they were (nobody sees them) until the frame after
      expect(people(rows.slice(inWindow))).toEqual(before.slice(inWindow));
      expect(new Set(before.slice(inWindow))).not.toEqual(new Set(['José']));
      // the rest of the page follows
      await waitFor(() => expect(new Set(people(dataRows()))).toEqual(new Set(['José'])));
      expect(dataRows()).toHaveLength(50);
      expect(within(dataRows()[49]!).getAllByRole('gridcell')[0]).toHaveTextContent('Cidade 491');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('a row showing another record after a search shows that record’s own cells (no state carried over)', async () => {
    // a cell that keeps the id it first rendered with: carried over to another record, it would show the old id
    function FirstId({ id }: { id: number }) {
      const [first] = useState(id);
      return <span>{`#${first}`}</span>;
    }
    const withState: PortalColumn<City>[] = [
      ...columns,
      { key: 'first', title: 'First', render: (r) => <FirstId id={r.id} /> },
      // a column that says it holds no state is rendered again in place: what it keeps stays (the contract)
      { key: 'kept', title: 'Kept', render: (r) => <FirstId id={r.id} />, stateless: true },
    ];
    renderWithProviders(
      <PortalDataGrid ariaLabel="Cities" rows={cities} columns={withState} getRowId={(r) => r.id} search />,
    );
    const cellsOf = (i: number) => dataRows().map((r) => within(r).getAllByRole('gridcell')[i]!.textContent);
    expect(cellsOf(3)).toEqual(['#1', '#2', '#3', '#4']);
    await userEvent.type(screen.getByRole('searchbox'), 'angra');
    expect(firstCells()).toEqual(['Angra']);
    expect(cellsOf(3)).toEqual(['#4']);
    expect(cellsOf(4)).toEqual(['#1']);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'r');
    expect(firstCells()).toEqual(['Rio', 'Évora', 'Angra']);
    expect(cellsOf(3)).toEqual(['#2', '#3', '#4']);
  });

  it('selects rows (multiselect) through their check boxes and the select-all box', async () => {
    const onSelectionChange = vi.fn();
    renderWithProviders(
      <PortalDataGrid
        {...citiesGrid}
        search
        selectable="multiselect"
        onSelectionChange={onSelectionChange}
      />,
    );
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(rowBoxes).toHaveLength(4);
    await userEvent.click(rowBoxes[1]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith([2]);
    expect(dataRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(dataRows()[0]).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(rowBoxes[3]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith([2, 4]);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange.mock.lastCall![0].sort()).toEqual([1, 2, 3, 4]);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-multiselectable', 'true');
    // with a search, select all clears / selects only the rows found
    await userEvent.type(screen.getByRole('searchbox'), 'rio');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange.mock.lastCall![0].sort()).toEqual([1, 3, 4]);
  });

  it('selects one row at a time (single), by click or Space, controlled by selectedIds', async () => {
    function Host() {
      const [ids, setIds] = useState<RowId[]>([3]);
      return (
        <>
          <output>{ids.join(',')}</output>
          <PortalDataGrid {...citiesGrid} selectable="single" selectedIds={ids} onSelectionChange={setIds} />
        </>
      );
    }
    renderWithProviders(<Host />);
    expect(dataRows()[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByText('Rio'));
    expect(screen.getByRole('status')).toHaveTextContent('2');
    expect(dataRows()[2]).toHaveAttribute('aria-selected', 'false');
    dataRows()[0]!.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  it('a row has the classes Fluent’s TableRow gives it: brand when selected, none otherwise', () => {
    renderWithProviders(
      <>
        <PortalDataGrid {...citiesGrid} selectable="single" selectedIds={[3]} />
        <Table noNativeElements aria-label="Fluent">
          <TableBody>
            <TableRow data-testid="none" />
            <TableRow data-testid="brand" appearance="brand" />
          </TableBody>
        </Table>
      </>,
    );
    // Griffel's atomic classes (not the merge's own sequence class, "___…")
    const atomic = (el: HTMLElement) => el.className.split(' ').filter((c) => c && !c.startsWith('___'));
    const rows = dataRows(screen.getByRole('grid', { name: 'Cities' }));
    const none = atomic(screen.getByTestId('none'));
    const brand = atomic(screen.getByTestId('brand'));
    expect(none).toContain('fui-TableRow');
    expect(brand).not.toEqual(none);
    for (const c of brand) expect(atomic(rows[2]!)).toContain(c);
    for (const c of none) expect(atomic(rows[0]!)).toContain(c);
    expect(atomic(rows[0]!).filter((c) => brand.includes(c) && !none.includes(c))).toEqual([]);
  });

  it('opens a row with Enter on the focused row', async () => {
    const onRowClick = vi.fn();
    renderWithProviders(<PortalDataGrid {...citiesGrid} onRowClick={onRowClick} />);
    const row = dataRows()[3]!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(cities[3]);
  });

  it('virtual rows: renders a window with aria-rowindex in the sorted order', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      name: `V-${i + 1}`,
      person: 'X',
      idLevel: 1,
    }));
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Huge"
        rows={many}
        columns={columns}
        getRowId={(r) => r.id}
        virtualized
        height={440}
        defaultSort={{ key: 'name', direction: 'desc' }}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Huge' });
    expect(grid).toHaveAttribute('aria-rowcount', '3001');
    let rendered = dataRows(grid);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(within(rendered[0]!).getAllByRole('gridcell')[0]).toHaveTextContent('V-3000');
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 1000;
    fireEvent.scroll(viewport);
    rendered = dataRows(grid);
    expect(rendered.length).toBeLessThan(50);
    const row = screen.getByText('V-2000').closest('[role="row"]')!;
    // V-2000 is the 1001st row in descending order: data rows start at 2
    expect(row).toHaveAttribute('aria-rowindex', '1002');
    for (const r of rendered) {
      const n = Number(within(r).getAllByRole('gridcell')[0]!.textContent!.slice(2));
      expect(r).toHaveAttribute('aria-rowindex', String(3000 - n + 2));
    }
  });

  it('infinite mode: loads the next page near the end, counts every server row, no client sort', async () => {
    const all = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      name: `S-${String(i + 1).padStart(3, '0')}`,
      person: 'P',
      idLevel: 1,
    }));
    const fetched: number[] = [];
    function Host() {
      const [loaded, setLoaded] = useState(100);
      return (
        <>
          <button type="button" onClick={() => setLoaded(100)}>
            New search
          </button>
          <PortalDataGrid
            ariaLabel="Server"
            rows={all.slice(0, loaded)}
            columns={columns}
            getRowId={(r) => r.id}
            height={440}
            infinite={{
              total: all.length,
              hasNextPage: loaded < all.length,
              isFetchingNextPage: false,
              fetchNextPage: () => {
                fetched.push(loaded);
                setLoaded((n) => Math.min(all.length, n + 100));
              },
            }}
          />
        </>
      );
    }
    renderWithProviders(<Host />);
    const grid = screen.getByRole('grid', { name: 'Server' });
    expect(grid).toHaveAttribute('aria-rowcount', '251');
    expect(fetched).toEqual([]);
    expect(screen.queryByRole('button', { name: 'City' })).toBeNull(); // no client sort
    expect(screen.queryByRole('button', { name: 'Filter City' })).toBeNull(); // no client filter
    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 90;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(fetched).toEqual([100]));
    expect(await screen.findByText('S-100')).toBeInTheDocument();
    expect(screen.getByText('S-100').closest('[role="row"]')).toHaveAttribute('aria-rowindex', '101');
    viewport.scrollTop = 44 * 190;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(fetched).toEqual([100, 200]));
    viewport.scrollTop = 44 * 240;
    fireEvent.scroll(viewport);
    expect(await screen.findByText('S-250')).toBeInTheDocument();
    expect(fetched).toEqual([100, 200]);
    expect(screen.queryByText('Loading more rows...')).toBeNull();
    // new results from the first page again: scrolling to their end asks for the next page again
    viewport.scrollTop = 0;
    fireEvent.scroll(viewport);
    await userEvent.click(screen.getByRole('button', { name: 'New search' }));
    expect(fetched).toEqual([100, 200]);
    viewport.scrollTop = 44 * 95;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(fetched).toEqual([100, 200, 100]));
  });

  it('infinite mode: a column with serverFilter offers the caller’s values and reports the choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Server"
        rows={cities}
        columns={[
          columns[0]!,
          {
            ...columns[2]!,
            serverFilter: {
              options: [
                { value: '1', label: 'Low' },
                { value: '2', label: 'Medium' },
              ],
              selected: ['2'],
              onChange,
            },
          },
        ]}
        getRowId={(r) => r.id}
        infinite={{ total: 4, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => {} }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter Level' }));
    expect(await screen.findByRole('checkbox', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Low' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Low' }));
    expect(onChange).toHaveBeenCalledWith(undefined); // every value chosen
    expect(firstCells()).toHaveLength(4); // rows are shown as the server sent them
  });
});
