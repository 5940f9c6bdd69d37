import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../msw-server';
import { renderWithProviders, USERS } from '../../../render';
import { EvaluationDialog } from '@web/features/projects/overview/EvaluationDialog';
import { IdOneDialog } from '@web/features/projects/overview/IdOneDialog';
import { ForwardDialog } from '@web/features/projects/overview/ForwardDialog';
import { MobileOverview } from '@web/features/projects/overview/MobileOverview';
import type { ProjectDetail } from '@web/features/projects/api/get-project';

const person = (id: number, name: string) => ({
  id,
  name,
  login: name.toLowerCase(),
  email: `${id}@example.com`,
  photoGUID: null,
  isActive: true,
  jobTitle: { name: 'x' },
});
const PROJECT: ProjectDetail = {
  id: 3,
  code: 'DEMO-DURING',
  name: 'Demo',
  idStatus: 3,
  client: null,
  endDate: null,
  startDate: null,
  createdAt: null,
  updatedAt: null,
  projectManager: null,
  projectPartner: null,
  projectPractices: [],
  projectGeographics: [{ idGeographic: 1 }],
  missingAssessmentNames: '',
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
      professional: person(6, 'Marcos Moura'),
    },
    {
      id: 2,
      idProfessional: 9,
      isManager: false,
      isPartner: false,
      isOnePageAllow: false,
      professional: person(9, 'Carla Costa'),
    },
  ],
};
const H1 = { id: 1, period: 'H1', year: 2026, isActive: false };
const H2 = { id: 2, period: 'H2', year: 2026, isActive: true };
const evaluation = (id: number, name: string, cycle: typeof H1, isReadOnly = false) => ({
  id,
  idProfessional: 9,
  idEvaluator: 6,
  idValidator: null,
  idPartner: null,
  professional: { name },
  evaluator: { name: 'Marcos Moura' },
  validator: null,
  partner: null,
  totalDays: 12,
  isEligible: true,
  evaluationStatus: { description: 'In progress' },
  isReadOnly,
  cycle,
});

describe('Evaluation Management dialog', () => {
  it('defaults to the active cycle ("period - year"), hides edit on read-only rows and merges the row on update', async () => {
    let put: unknown;
    server.use(
      http.get('/api/project-evaluations/project/3', () =>
        HttpResponse.json([
          evaluation(1, 'Carla Costa', H2),
          evaluation(2, 'Ivan Ito', H2, true),
          evaluation(3, 'Old Row', H1),
        ]),
      ),
      http.put('/api/project-evaluations/1', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<EvaluationDialog project={PROJECT} user={USERS.marcos} onClose={() => {}} />);
    const grid = await screen.findByRole('grid', { name: 'Evaluations' });
    await within(grid).findByText('Carla Costa');
    expect(within(grid).queryByText('Old Row')).toBeNull();
    expect(screen.getAllByRole('combobox')[0]).toHaveTextContent('H2 - 2026');
    expect(within(grid).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    fireEvent.click(within(grid).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Evaluation' });
    await userEvent.click(await within(form).findByRole('switch'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toEqual({
        idProfessional: 9,
        idEvaluator: 6,
        idValidator: null,
        idPartner: null,
        isEligible: false,
        idCycle: 2,
      }),
    );
  });

  it("offers only the project's team as professional, evaluator, validator and partner", async () => {
    server.use(
      http.get('/api/project-evaluations/project/3', () =>
        HttpResponse.json([evaluation(1, 'Carla Costa', H2)]),
      ),
    );
    renderWithProviders(<EvaluationDialog project={PROJECT} user={USERS.marcos} onClose={() => {}} />);
    const grid = await screen.findByRole('grid', { name: 'Evaluations' });
    await within(grid).findByText('Carla Costa');
    fireEvent.click(within(grid).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Evaluation' });
    for (const label of ['Professional', 'Evaluator', 'Validator', 'Partner']) {
      await userEvent.click(within(form).getByRole('combobox', { name: new RegExp(`^${label}`) }));
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent).sort(), label).toEqual(['Carla Costa', 'Marcos Moura']);
      await userEvent.keyboard('{Escape}');
    }
  });

  it('is read-only in Setup for non-admins', async () => {
    server.use(
      http.get('/api/project-evaluations/project/3', () =>
        HttpResponse.json([evaluation(1, 'Carla Costa', H2)]),
      ),
    );
    renderWithProviders(
      <EvaluationDialog project={{ ...PROJECT, idStatus: 2 }} user={USERS.marcos} onClose={() => {}} />,
    );
    await screen.findByText('Carla Costa');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

describe('Evaluation Management headings (never clipped to "ROFESSIONAI")', () => {
  it('renders every heading in full, in a column at least as wide as its text needs, never squashed', async () => {
    server.use(
      http.get('/api/project-evaluations/project/3', () =>
        HttpResponse.json([evaluation(1, 'Carla Costa', H2)]),
      ),
    );
    renderWithProviders(<EvaluationDialog project={PROJECT} user={USERS.marcos} onClose={() => {}} />);
    const grid = await screen.findByRole('grid', { name: 'Evaluations' });
    await within(grid).findByText('Carla Costa');
    const titles = [
      'Professional',
      'Evaluator',
      'Validator',
      'Partner',
      'Allocated days',
      'Eligible',
      'Status',
    ];
    const headers = within(grid)
      .getAllByRole('columnheader')
      .filter((h) => h.textContent);
    expect(headers.map((h) => h.textContent)).toEqual(titles);
    let total = 0;
    for (const h of headers) {
      // the heading in capitals at 12 px semibold (at least 7.5 px a character) plus its sort button's padding
      // and the header filter button: below this the text is clipped
      const needs = h.textContent!.length * 7.5 + 16 + 24;
      const basis = Number(/(\d+)px/.exec(h.style.flex)?.[1] ?? h.style.width.replace('px', ''));
      expect(basis, h.textContent!).toBeGreaterThanOrEqual(needs);
      total += basis;
    }
    // the grid sits in a box at least as wide as its columns (the dialog scrolls sideways instead of squashing)
    let box: HTMLElement | null = grid;
    while (box && !box.style.minWidth) box = box.parentElement;
    expect(box).not.toBeNull();
    expect(parseFloat(box!.style.minWidth)).toBeGreaterThanOrEqual(total);
  });
});

describe('Forward dialog (singular / plural)', () => {
  const forward = (missingAssessmentNames: string) =>
    renderWithProviders(
      <ForwardDialog project={{ id: 3, idStatus: 3, missingAssessmentNames }} onClose={() => {}} />,
    );
  it('one name: "is missing their assessment"; Confirm disabled', async () => {
    forward('Ivan Ito');
    const dialog = await screen.findByRole('dialog', { name: 'Forward to Closure' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Ivan Ito is missing their assessment. All Interns, Analysts, Consultants and Specialists must fulfil their assessments.',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
  it('several names: "are missing their assessments"', async () => {
    forward('Ivan Ito, Carla Costa');
    const dialog = await screen.findByRole('dialog', { name: 'Forward to Closure' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Ivan Ito, Carla Costa are missing their assessments. All Interns, Analysts, Consultants and Specialists must fulfil their assessments.',
    );
  });
  it('toasts "Project status changed successfully." and closes on success', async () => {
    let body: unknown;
    server.use(
      http.put('/api/projects/3/status', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 3, idStatus: 4 });
      }),
    );
    let closed = false;
    renderWithProviders(
      <ForwardDialog
        project={{ id: 3, idStatus: 3, missingAssessmentNames: '' }}
        onClose={() => (closed = true)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Forward to Closure' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('Project status changed successfully.')).length).toBeGreaterThan(0);
    expect(body).toEqual({ idStatus: 4 });
    await waitFor(() => expect(closed).toBe(true));
  });
});

describe('ID One dialog', () => {
  it('tells projects outside Brazil that they are not applicable (no request made)', () => {
    renderWithProviders(<IdOneDialog project={PROJECT} user={USERS.marcos} onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('only projects in Brazil');
  });
  it('lists the records of a Brazil project', async () => {
    server.use(
      http.get('/api/project-id-ones/project/3', () =>
        HttpResponse.json([
          {
            id: 5,
            idProject: 3,
            idResponsibleDefinition: 6,
            numberProfile: 12,
            additionalProfiles: 3,
            clientNameDefined: true,
          },
        ]),
      ),
    );
    renderWithProviders(
      <IdOneDialog
        project={{ ...PROJECT, projectGeographics: [{ idGeographic: 223 }] }}
        user={USERS.marcos}
        onClose={() => {}}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'ID One restitutions' });
    expect(await within(grid).findByText('Marcos Moura')).toBeInTheDocument();
    expect(within(grid).getByText('12')).toBeInTheDocument();
  });
  it('adds a record through the form: required messages first, then "Saved"; a refused save keeps the form', async () => {
    const posts: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('/api/project-id-ones/project/3', () => HttpResponse.json([])),
      http.post('/api/project-id-ones', async ({ request }) => {
        posts.push(await request.json());
        if (refuse)
          return HttpResponse.json(
            { statusCode: 400, error: 'Bad Request', message: 'numberProfile: too big' },
            { status: 400 },
          );
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    renderWithProviders(
      <IdOneDialog
        project={{ ...PROJECT, projectGeographics: [{ idGeographic: 223 }] }}
        user={USERS.marcos}
        onClose={() => {}}
      />,
    );
    await screen.findByRole('grid', { name: 'ID One restitutions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'ID One restitution' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Responsible for Definition is required')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.click(within(form).getByRole('combobox', { name: /Responsible for Definition/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Carla Costa' }));
    const count = within(form).getByRole('spinbutton', { name: /ID One Core and Reach count/ });
    await userEvent.clear(count);
    await userEvent.type(count, '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('numberProfile: too big')).toBeInTheDocument();
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
    expect(count).toHaveValue(7);
    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ID One restitution' })).toBeNull());
    expect(posts.at(-1)).toEqual({
      idProject: 3,
      idResponsibleDefinition: 9,
      numberProfile: 7,
      additionalProfiles: 0,
      clientNameDefined: false,
    });
  });
});

describe('mobile overview', () => {
  it('shows the status icon, the code and One Page Submitted', async () => {
    server.use(
      http.get('/api/projects/3/kpis', () =>
        HttpResponse.json({
          onePageSubmitted: true,
          weeklyStatusSubmitted: false,
          hasProfessionalDNA: false,
          hasTechDNA: false,
          evaluationManagementFulfilled: false,
        }),
      ),
    );
    renderWithProviders(<MobileOverview project={PROJECT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Project overview' }));
    expect(await screen.findByText('DEMO-DURING')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Project During' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'One Page Submitted: done' })).toBeInTheDocument();
  });
});
