import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLazyComponents } from '@web/ui/lazy';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalDataGrid, type PortalColumn } from '@web/ui';
import { renderWithProviders } from '../render';

interface Row {
  id: number;
  code: string;
  client: string;
  days: number;
  locked?: boolean;
}
const rows: Row[] = [
  { id: 1, code: 'B-2', client: 'Acme', days: 3 },
  { id: 2, code: 'A-1', client: 'Blue', days: 10 },
  { id: 3, code: 'C-3', client: 'Acme', days: 1, locked: true },
];
const columns: PortalColumn<Row>[] = [
  { key: 'code', title: 'Code' },
  { key: 'client', title: 'Client' },
  { key: 'days', title: 'Days' },
];
const codes = () =>
  screen
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell', { hidden: true })[0]!.textContent);

// the virtual rows' and selection cells' chunks, loaded as in an app that has shown such a grid before
beforeAll(() => preloadLazyComponents());

describe('PortalDataGrid', () => {
  it('renders rows, searches across columns and shows the empty text', async () => {
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        search
        searchPlaceholder="Digite aqui para buscar"
        emptyText="Nothing here"
      />,
    );
    expect(screen.getByRole('grid', { name: 'Things' })).toBeInTheDocument();
    expect(codes()).toEqual(['B-2', 'A-1', 'C-3']);
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'acme');
    expect(codes()).toEqual(['B-2', 'C-3']);
    await userEvent.clear(screen.getByPlaceholderText('Digite aqui para buscar'));
    await userEvent.type(screen.getByPlaceholderText('Digite aqui para buscar'), 'zzz');
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });

  it('sorts by header click (asc, then desc) with numbers compared as numbers', async () => {
    renderWithProviders(
      <PortalDataGrid ariaLabel="Things" rows={rows} columns={columns} getRowId={(r) => r.id} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Days' }));
    expect(codes()).toEqual(['C-3', 'B-2', 'A-1']);
    await userEvent.click(screen.getByRole('button', { name: 'Days' }));
    expect(codes()).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('filters by the distinct values of a column in the header filter', async () => {
    renderWithProviders(
      <PortalDataGrid ariaLabel="Things" rows={rows} columns={columns} getRowId={(r) => r.id} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter Client' }));
    const blue = await screen.findByRole('checkbox', { name: 'Blue' });
    expect(await screen.findByRole('checkbox', { name: 'Acme' })).toBeChecked();
    await userEvent.click(blue);
    expect(codes()).toEqual(['B-2', 'C-3']);
  });

  it('pages with a page size', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      id: i + 1,
      code: `P-${String(i + 1).padStart(2, '0')}`,
      client: 'X',
      days: i,
    }));
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Many"
        rows={many}
        columns={columns}
        getRowId={(r) => r.id}
        pageSize={10}
        defaultSort={{ key: 'code', direction: 'asc' }}
      />,
    );
    expect(codes()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(codes()[0]).toBe('P-11');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(codes()).toEqual(['P-21', 'P-22', 'P-23']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('calls onRowClick except inside stopRowClick cells', async () => {
    const onRowClick = vi.fn();
    const cols: PortalColumn<Row>[] = [
      ...columns,
      { key: 'act', title: '', stopRowClick: true, render: () => <button type="button">act</button> },
    ];
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={cols}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await userEvent.click(screen.getByText('A-1'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    await userEvent.click(screen.getAllByRole('button', { name: 'act' })[0]!);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('edits through the popup form, merging the old row with the changes', async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        isRowReadOnly={(r) => !!r.locked}
        editForm={{
          title: 'Thing',
          fields: [{ key: 'client', label: 'Client', type: 'text', required: true }],
          onSave,
        }}
      />,
    );
    const editButtons = screen.getAllByRole('button', { name: 'Edit' });
    expect(editButtons).toHaveLength(2); // the locked row has none
    fireEvent.click(editButtons[0]!);
    const input = await screen.findByRole('textbox', { name: /Client/ });
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(input, 'Zed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ id: 1, code: 'B-2', client: 'Zed', days: 3 }, rows[0]),
    );
  });

  it('keeps the form open with the error when saving fails (nothing typed is lost)', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('Something went wrong...');
    });
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        editForm={{ title: 'Thing', fields: [{ key: 'client', label: 'Client', type: 'text' }], onSave }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Client/ }), 'Kept');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Client/ })).toHaveValue('Kept');
  });

  it('deletes after confirmation only', async () => {
    const onDelete = vi.fn(async () => {});
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        onDelete={onDelete}
      />,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(rows[0]));
  });

  it('read-only grids show no add, edit or delete controls', () => {
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Things"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        readOnly
        onDelete={async () => {}}
        editForm={{ title: 'T', fields: [], onSave: async () => {} }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows a spinner while loading', () => {
    renderWithProviders(
      <PortalDataGrid ariaLabel="Things" rows={undefined} loading columns={columns} getRowId={(r) => r.id} />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('renders only a window of rows in virtualised mode', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      code: `V-${i + 1}`,
      client: 'X',
      days: i,
    }));
    renderWithProviders(
      <PortalDataGrid
        ariaLabel="Huge"
        rows={many}
        columns={columns}
        getRowId={(r) => r.id}
        virtualized
        height={440}
      />,
    );
    const rendered = screen.getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByRole('grid', { name: 'Huge' })).toHaveAttribute('aria-rowcount', '5001');
    expect(screen.getByText('V-1')).toBeInTheDocument();
    const viewport = screen.getByTestId('grid-viewport');
    viewport.scrollTop = 44 * 2500;
    fireEvent.scroll(viewport);
    expect(screen.queryByText('V-1')).toBeNull();
    expect(screen.getByText('V-2501')).toBeInTheDocument();
    expect(screen.getAllByRole('row').length - 1).toBeLessThan(100);
  });

  it('shows only the mobile columns at ≤ 768 px, sorted by the mobile sort', () => {
    const mm = window.matchMedia;
    window.matchMedia = ((q: string) => ({
      matches: q.includes('768'),
      media: q,
      addEventListener() {},
      removeEventListener() {},
    })) as any;
    try {
      renderWithProviders(
        <PortalDataGrid
          ariaLabel="Things"
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          mobileColumns={['code', 'days']}
          mobileSort={{ key: 'days', direction: 'desc' }}
        />,
      );
      expect(screen.queryByRole('button', { name: 'Client' })).toBeNull();
      expect(codes()).toEqual(['A-1', 'B-2', 'C-3']);
    } finally {
      window.matchMedia = mm;
    }
  });
});
