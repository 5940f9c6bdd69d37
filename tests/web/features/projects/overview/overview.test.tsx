import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../msw-server';
import { renderWithProviders, USERS } from '../../../render';
import { OverviewPanel } from '@web/features/projects/overview/OverviewPanel';
import { setMethodologyFlag } from '@web/api/methodology-flag';
import type { ProjectDetail } from '@web/features/projects/api/get-project';

const person = (id: number, name: string, login: string) => ({
  id,
  name,
  login,
  email: `${login}@example.com`,
  photoGUID: null,
  isActive: true,
  jobTitle: { name: 'x' },
});
const project = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 3,
  code: 'DEMO-DURING',
  name: 'Demo During Project',
  idStatus: 3,
  client: null,
  endDate: null,
  startDate: null,
  createdAt: null,
  updatedAt: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [],
  missingAssessmentNames: 'Ivan Ito',
  version: 1,
  closeOutComplete: true,
  projectTrainingDevelopment: { tdOportunity: null, text: null, version: 1 },
  projectTeam: [
    {
      id: 1,
      idProfessional: 6,
      isManager: true,
      isPartner: false,
      isOnePageAllow: false,
      professional: person(6, 'Marcos Moura', 'marcos.manager'),
    },
    {
      id: 2,
      idProfessional: 9,
      isManager: false,
      isPartner: false,
      isOnePageAllow: false,
      professional: person(9, 'Carla Costa', 'carla.consultant'),
    },
  ],
  ...over,
});
const KPIS = {
  onePageSubmitted: true,
  weeklyStatusSubmitted: false,
  hasProfessionalDNA: false,
  hasTechDNA: true,
  evaluationManagementFulfilled: false,
};

function setup(p: ProjectDetail, user: typeof USERS.marcos | typeof USERS.alice = USERS.marcos) {
  const puts: unknown[] = [];
  server.use(
    http.get('/api/projects/:id/kpis', () => HttpResponse.json(KPIS)),
    http.put('/api/projects/:id/status', async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json({ message: 'nope' }, { status: 409 });
    }),
  );
  renderWithProviders(<OverviewPanel projectId={p.id} project={p} user={user} />, {
    path: '/project/3/home',
  });
  return puts;
}

describe('overview panel', () => {
  it('shows the five week cards green or red from the KPIs', async () => {
    setup(project());
    expect(await screen.findByRole('button', { name: 'One Page Submitted: done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weekly Status Submitted: not done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Technical DNA: done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Evaluation Management: not done' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with Carla Costa' })).toHaveAttribute(
      'href',
      expect.stringContaining('users=carla.consultant%40example.com'),
    );
  });

  it('3→4 lists the missing assessments and disables Confirm', async () => {
    setup(project());
    await userEvent.click(screen.getByRole('button', { name: 'Forward to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward to Closure' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Ivan Ito is missing their assessment. All Interns, Analysts, Consultants and Specialists must fulfil their assessments.',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('closing with the close-out flag false raises the alert and opens no dialog', async () => {
    setMethodologyFlag(false);
    setup(project({ idStatus: 4, missingAssessmentNames: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forward to' }));
    expect(
      (await screen.findAllByText('Complete the Close-out Form to Finish the Project')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    setMethodologyFlag(undefined);
  });

  it("also raises the close-out alert from the server's view of the form", async () => {
    setup(project({ idStatus: 4, missingAssessmentNames: '', closeOutComplete: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Forward to' }));
    expect(
      (await screen.findAllByText('Complete the Close-out Form to Finish the Project')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failure toast when the server refuses, and closes the dialog', async () => {
    const puts = setup(project({ idStatus: 1, missingAssessmentNames: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forward to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward to Setup' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      (
        await screen.findAllByText(
          'Unable to change status. Verify every ritual has been done correctly, or try contacting IT.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(puts).toEqual([{ idStatus: 2 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no Forward-to at Finished, nor for members; members get no Learning and Development', async () => {
    setup(project({ idStatus: 5 }));
    expect(screen.queryByRole('button', { name: 'Forward to' })).toBeNull();
  });

  it('a plain member sees neither Forward-to nor Learning and Development', async () => {
    setup(project(), {
      ...USERS.marcos,
      professionalId: 9,
      login: 'carla.consultant',
      userName: 'Carla Costa',
    });
    expect(screen.queryByRole('button', { name: 'Forward to' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Project Learning and Development' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Project Support' })).toBeInTheDocument();
  });
});
