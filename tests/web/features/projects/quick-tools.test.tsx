import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import { renderWithProviders } from '../../render';
import { LearningDialog } from '@web/features/projects/overview/LearningDialog';
import { SupportDialog } from '@web/features/projects/overview/SupportDialog';
import { AdminStatusDialog } from '@web/features/projects/list/AdminStatusDialog';

describe('Project Learning and Development', () => {
  it('saves the yes/no at once and the text with autosave, toasting Saved', async () => {
    const patches: unknown[] = [];
    server.use(
      http.patch('/api/projects/3/training-development', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(
      <LearningDialog projectId={3} value={{ tdOportunity: null, text: '' }} onClose={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(patches).toEqual([{ tdOportunity: true }]));
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    const text = screen.getByRole('textbox', { name: 'Which opportunities?' });
    await userEvent.type(text, 'Workshops');
    fireEvent.blur(text);
    await waitFor(() => expect(patches).toContainEqual({ text: 'Workshops' }));
  });

  it('shows "Something went wrong" when a save fails', async () => {
    server.use(
      http.patch('/api/projects/3/training-development', () =>
        HttpResponse.json({ message: 'no' }, { status: 500 }),
      ),
    );
    renderWithProviders(
      <LearningDialog projectId={3} value={{ tdOportunity: true, text: '' }} onClose={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'No' }));
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
  });
});

describe('Project Support', () => {
  it('lists the six contacts with e-mail links, the Monday note and the seven downloads', async () => {
    let requested = '';
    server.use(
      http.get('/api/support/documents/:slug', ({ params }) => {
        requested = String(params.slug);
        return new HttpResponse('%PDF-1.4', {
          headers: { 'content-type': 'application/pdf', 'x-file-name': 'Ambience.pdf' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderWithProviders(<SupportDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Project Support' });
    for (const t of [
      'Suggestions/Others',
      'Allocation',
      'System Issue',
      'Marketing',
      'Knowledge Management',
      'TECH.LAB',
    ])
      expect(within(dialog).getByText(t)).toBeInTheDocument();
    expect(within(dialog).getAllByText('A reply is expected next Monday.')).toHaveLength(2);
    expect(
      within(dialog)
        .getAllByRole('link')
        .every((a) => a.getAttribute('href')!.startsWith('mailto:')),
    ).toBe(true);
    const downloads = [
      'Powerpoint Upgrade',
      'Newsletters and Email Marketing',
      'Deliveries and Workshop Materials',
      'Closing Letters and Gifts',
      'Binders Books and Folders',
      'Ambience',
      'Visual Identity',
    ];
    for (const d of downloads) expect(within(dialog).getByRole('button', { name: d })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ambience' }));
    await waitFor(() => expect(requested).toBe('ambience'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});

describe('Admin status dialog', () => {
  it('offers Setup, During, Closure, Closed and Paused and reports success', async () => {
    let body: unknown;
    server.use(
      http.put('/api/projects/8/status', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 8, idStatus: 3 });
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <AdminStatusDialog project={{ id: 8, code: 'DEMO-PAUSED', idStatus: 6 }} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit status of DEMO-PAUSED' });
    await userEvent.click(await within(dialog).findByRole('combobox'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Setup',
      'During',
      'Closure',
      'Closed',
      'Paused',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'During' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ idStatus: 3 }));
    expect((await screen.findAllByText('Project status changed successfully.')).length).toBeGreaterThan(0);
    expect(onClose).toHaveBeenCalled();
  });

  it('reports the failure and still closes', async () => {
    server.use(
      http.put('/api/projects/8/status', () => HttpResponse.json({ message: 'x' }, { status: 409 })),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <AdminStatusDialog project={{ id: 8, code: 'DEMO-PAUSED', idStatus: 6 }} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit status of DEMO-PAUSED' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      (
        await screen.findAllByText(
          'Unable to change status. Verify every ritual has been done correctly, or try contacting IT.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(onClose).toHaveBeenCalled();
  });
});
