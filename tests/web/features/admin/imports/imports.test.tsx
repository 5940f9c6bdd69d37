import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImportReport } from '@domain/contract/imports';
import ImportPage from '@web/features/admin/imports/ImportPage';
import { ImportProgress } from '@web/features/admin/imports/ImportProgress';
import { server } from '../../../msw-server';
import { renderWithProviders } from '../../../render';

const report = (extra: Partial<ImportReport> = {}): ImportReport => ({
  id: 7,
  kind: 'projects',
  dryRun: true,
  fileName: 'portfolio.xlsx',
  total: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  written: 0,
  rows: [
    { sheet: 'Projects', row: 2, key: 'PRJ-1', action: 'create' },
    { sheet: 'Projects', row: 3, key: 'PRJ-2', action: 'update' },
    { sheet: 'Team', row: 2, key: 'PRJ-1 ana@example.com', action: 'create' },
  ],
  rowsTruncated: false,
  errors: [],
  errorCount: 0,
  seconds: 0.4,
  ...extra,
});

const file = () => new File(['Code,Name\nPRJ-1,One\n'], 'portfolio.csv', { type: 'text/csv' });

describe('Admin › Import', () => {
  it('opens the kind the address names (?kind=professionals) and ignores one it does not know', async () => {
    server.use(http.get('/api/imports', () => HttpResponse.json([])));
    const first = renderWithProviders(<ImportPage />, { path: '/admin/import?kind=professionals' });
    expect(screen.getByRole('combobox', { name: 'What to import' })).toHaveValue('Professionals');
    first.unmount();
    renderWithProviders(<ImportPage />, { path: '/admin/import?kind=nonsense' });
    expect(screen.getByRole('combobox', { name: 'What to import' })).toHaveValue('Projects (with teams)');
  });

  it('previews a file, shows its counts and rows, and imports it once the preview has no problem', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/imports/projects', ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun');
        calls.push(dryRun!);
        return HttpResponse.json(dryRun === 'true' ? report() : report({ dryRun: false, written: 3 }));
      }),
      http.get('/api/imports', () => HttpResponse.json([])),
    );
    renderWithProviders(<ImportPage />);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('File to import'), file());
    expect(importButton).toBeDisabled(); // not before a preview
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByLabelText('Create: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Update: 1')).toBeInTheDocument();
    const rows = screen.getByRole('grid', { name: 'Rows' });
    expect(within(rows).getByText('PRJ-2')).toBeInTheDocument();
    expect(within(rows).getAllByText('Create')).toHaveLength(2);
    await waitFor(() => expect(importButton).toBeEnabled());
    await userEvent.click(importButton);
    expect(await screen.findByText('2 created, 1 updated, 0 unchanged (0.4 s)')).toBeInTheDocument();
    expect(calls).toEqual(['true', 'false']);
  });

  it('lists every problem by sheet, row and column and keeps Import disabled', async () => {
    server.use(
      http.post('/api/imports/projects', () =>
        HttpResponse.json(
          report({
            errorCount: 2,
            errors: [
              { sheet: 'Projects', row: 2, column: 'Client', message: 'Unknown client "Acme"' },
              {
                sheet: 'Team',
                row: 5,
                column: 'E-mail',
                message: 'No professional has the e-mail "x@example.com"',
              },
            ],
          }),
        ),
      ),
      http.get('/api/imports', () => HttpResponse.json([])),
    );
    renderWithProviders(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('File to import'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const problems = await screen.findByRole('grid', { name: 'Problems' });
    expect(within(problems).getByText('Unknown client "Acme"')).toBeInTheDocument();
    expect(within(problems).getByText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Problems: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('a refused commit shows its message and its report', async () => {
    server.use(
      http.post('/api/imports/projects', ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? HttpResponse.json(report())
          : HttpResponse.json(
              {
                statusCode: 422,
                error: 'Unprocessable Entity',
                message: 'The file has 1 problem: nothing was imported',
                report: report({
                  dryRun: false,
                  errorCount: 1,
                  errors: [{ sheet: 'Projects', row: 2, column: 'Code', message: 'Duplicate code "PRJ-1"' }],
                }),
              },
              { status: 422 },
            ),
      ),
      http.get('/api/imports', () => HttpResponse.json([])),
    );
    renderWithProviders(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('File to import'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file has 1 problem: nothing was imported')).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid', { name: 'Problems' })).getByText('Duplicate code "PRJ-1"'),
    ).toBeInTheDocument();
  });

  it('shows the rows read, checked and written of the run under way', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/imports', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([
          {
            id: 7,
            kind: 'projects',
            dryRun: false,
            fileName: 'portfolio.xlsx',
            status: 'running',
            phase: 'writing',
            rowsRead: 120000,
            rowsChecked: 120000,
            rowsWritten: 30000,
            startedBy: 1,
            startedByName: 'Alice Almeida',
            startedAt: '2026-12-01T10:00:00.000Z',
            finishedAt: null,
            report: null,
          },
        ]);
      }),
    );
    renderWithProviders(<ImportProgress kind="projects" dryRun={false} />);
    expect(
      await screen.findByText('Writing · rows read 120,000 · checked 120,000 · written 30,000'),
    ).toBeInTheDocument();
    expect(screen.getByText('Import under way')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.25');
    expect(asked[0]).toBe('?kind=projects&status=running&mine=true');
  });
});
