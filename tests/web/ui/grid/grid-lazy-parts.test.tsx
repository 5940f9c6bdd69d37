import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PortalDataGrid, type PortalColumn } from '@web/ui';
import { renderWithProviders } from '../../render';

// No preloading here (a fresh module graph per test file): what a session's first virtual grid does.
type Row = { id: number; name: string };
const columns: PortalColumn<Row>[] = [{ key: 'name', title: 'NAME' }];
const rows: Row[] = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, name: `R-${i + 1}` }));

describe('a virtual grid’s first rows in a session', () => {
  it('loads the virtual rows’ code while it waits for its rows, and shows them at once when they arrive', async () => {
    const grid = (data: Row[] | undefined) => (
      <PortalDataGrid
        ariaLabel="Lazy"
        rows={data}
        loading={!data}
        columns={columns}
        getRowId={(r) => r.id}
        virtualized
        height={440}
      />
    );
    const view = renderWithProviders(grid(undefined));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    // the rows' chunk arrives meanwhile (a module import in the test runner)
    await act(() => new Promise((r) => setTimeout(r, 300)));
    view.rerender(grid(rows));
    // no await: the rows are there in the same render, not after a suspended moment
    expect(screen.getByText('R-1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(5));
  });
});
