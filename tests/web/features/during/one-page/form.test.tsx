/**
 * The one-page forms (spec 001 §2, §3, §5, §8; 002 §2.5, §9): the Weekly Checklist's sections, options and
 * placeholders, the autosave (radios at once, texts after 1 s) with the version, the submit check and its
 * messages, read-only after submit and for those who may not fill, the classic form and the load failure.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  CHECKLIST_REQUIRED_MESSAGE,
  CLASSIC_REQUIRED_MESSAGE,
  GOVERNANCE_ACTION_MESSAGE,
  GOVERNANCE_ALLOCATIONS_MESSAGE,
} from '@domain/rules';
import { ALICE, COMPLETE, DORA, DRAFT, GIL, SUBMITTED_PAGE, fail, renderOnePage } from './fixtures';

const form = (name = 'Weekly Checklist') => screen.findByRole('form', { name });
const group = (name: string) => screen.getByRole('radiogroup', { name });
const radio = (g: string, label: string) => within(group(g)).getByRole('radio', { name: label });
const text = (name: string) => screen.getByRole('textbox', { name });
const labels = (g: string) =>
  within(group(g))
    .getAllByRole('radio')
    .map((r) => r.closest('.fui-Radio')?.textContent);
const patches = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.url === '/api/one-pages/110');

describe('Weekly Checklist form', () => {
  it('has the five sections and every option list of the spec', async () => {
    renderOnePage({ query: '?open=110' });
    await form();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Weekly Checklist',
        'Delivery',
        'PROFESSIONALS',
        'Governance Allocation',
        'STAFFING',
      ]),
    );
    expect(headings[0]).toBe('Week 09 Mar 2026 – 15 Mar 2026');
    expect(headings[1]).toBe('Weekly Checklist');
    expect(labels('Project status')).toEqual(['Green', 'Yellow', 'Red']);
    expect(labels('Project environment')).toEqual(['Green', 'Yellow', 'Red']);
    expect(labels('Do you need help from governance?')).toEqual(['Yes', 'No']);
    expect(labels('Is there a risk of delay?')).toEqual(['Yes', 'No', 'Maybe, still to be confirmed']);
    expect(labels('Solution readiness')).toEqual([
      'Methodology clear but solution not',
      'Both clear',
      'Solution new, learning along the way',
      'Solution new but knows how to solve',
    ]);
    expect(labels('Change of project status?')).toEqual([
      'No',
      'Yes to ad-hoc',
      'Yes to paused',
      'Yes other',
    ]);
    for (const g of ['Integration and identity', 'Proper attention (stakeholder management)'])
      expect(labels(g)).toEqual(['Yes', 'We could do more', 'No, need to act']);
    expect(labels('Any team issue?')).toEqual(['Yes', 'No', 'Partially']);
    for (const g of ['Professional DNA', 'Technical DNA', 'Weekly status'])
      expect(labels(g)).toEqual([
        'Done this week',
        'Not done but planned for next week',
        'Other: not planned yet or delayed',
      ]);
    expect(labels('Is a governance action needed?')).toEqual(['Yes', 'No', 'Maybe']);
    for (const t of [
      'Key message (highlights)',
      'Delivery focus next week',
      'Team point',
      'Governance allocation',
    ])
      expect(text(t)).toBeInTheDocument();
    expect(radio('Project status', 'Green')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit One-Page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('explanation placeholders switch between "Optional" and "Please explain" with the answers', async () => {
    renderOnePage({ query: '?open=110' });
    await form();
    const ph = (t: string) => text(t).getAttribute('placeholder');
    expect(ph('Project status explanation')).toBe('Optional'); // Green
    expect(ph('Risk of delay explanation (estimated impact)')).toBe('Optional'); // unanswered
    expect(ph('Governance action')).toBe('Optional');
    expect(ph('Solution readiness explanation')).toBe('Optional');
    await userEvent.click(radio('Project status', 'Yellow'));
    await waitFor(() => expect(ph('Project status explanation')).toBe('Please explain'));
    await userEvent.click(radio('Is there a risk of delay?', 'Maybe, still to be confirmed'));
    await waitFor(() => expect(ph('Risk of delay explanation (estimated impact)')).toBe('Please explain'));
    await userEvent.click(radio('Is there a risk of delay?', 'No'));
    await waitFor(() => expect(ph('Risk of delay explanation (estimated impact)')).toBe('Optional'));
    await userEvent.click(radio('Is a governance action needed?', 'Maybe'));
    await waitFor(() => expect(ph('Governance action')).toBe('Please explain'));
    await userEvent.click(radio('Change of project status?', 'Yes other'));
    await waitFor(() => expect(ph('Change of project status explanation')).toBe('Please explain'));
    await userEvent.click(radio('Proper attention (stakeholder management)', 'We could do more'));
    expect(ph('Proper attention explanation')).toBe('Optional');
    await userEvent.click(radio('Proper attention (stakeholder management)', 'No, need to act'));
    await waitFor(() => expect(ph('Proper attention explanation')).toBe('Please explain'));
  });

  it('a radio saves at once and a text 1 s after typing stops, one field each, with the version as If-Match', async () => {
    const { calls } = renderOnePage({ query: '?open=110' });
    await form();
    await userEvent.click(radio('Project environment', 'Red'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ body: { environmentStatus: 3 }, ifMatch: '"4"' });
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
    await userEvent.type(text('Key message (highlights)'), 'Board liked it');
    // nothing yet: the debounce is 1 s
    expect(patches(calls)).toHaveLength(1);
    await waitFor(() => expect(patches(calls)).toHaveLength(2), { timeout: 3000 });
    expect(patches(calls)[1]).toMatchObject({ body: { keyMessage: 'Board liked it' }, ifMatch: '"5"' });
  });

  it('"Something went wrong" when a field is not saved; the next change saves', async () => {
    let failures = 1;
    const { calls } = renderOnePage({
      query: '?open=110',
      handlers: [
        http.patch('/api/one-pages/110', () => (failures-- > 0 ? fail(400, 'Invalid request') : undefined)),
      ],
    });
    await form();
    await userEvent.click(radio('Project environment', 'Red'));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    await userEvent.click(radio('Project environment', 'Yellow'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ body: { environmentStatus: 2 } });
  });

  it('a submit with required fields missing is refused before calling: the message, the fields marked', async () => {
    const { calls } = renderOnePage({ query: '?open=110' });
    await form();
    await userEvent.click(radio('Is a governance action needed?', 'Yes'));
    await waitFor(() =>
      expect(patches(calls).map((c) => (c as { body?: unknown }).body)).toContainEqual({
        governanceActionOption: 1,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    expect(await within(await form()).findByText(CHECKLIST_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Error submitting One Page')).toBeInTheDocument();
    expect(screen.getByText(GOVERNANCE_ACTION_MESSAGE)).toBeInTheDocument();
    // 13 of the 14 required (the project status is answered) plus governanceAction
    expect(screen.getAllByText('This field is required')).toHaveLength(13);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/submit'))).toEqual([]);
    // answering a marked field clears its mark
    await userEvent.click(radio('Technical DNA', 'Done this week'));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(12));
  });

  it('submits after the confirmation: the values, the success toast, then everything read-only', async () => {
    const { calls } = renderOnePage({ query: '?open=110', pages: { 110: COMPLETE } });
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'One Page Submit' });
    expect(within(dialog).getByText('Are you sure you want to submit this One Page?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('One Page submitted successfully!')).toBeInTheDocument();
    const submit = calls.find((c) => c.url === '/api/one-pages/110/submit')!;
    expect(submit.method).toBe('PATCH');
    expect(submit.body).toMatchObject({
      onePageProblemLevel: 1,
      dnaTec: 0,
      keyMessage: 'Kick-off done',
      governanceActionOption: 2,
      governanceAction: '',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit One-Page' })).toBeNull());
    expect(screen.getByText('As submitted')).toBeInTheDocument();
    for (const r of screen.getAllByRole('radio')) expect(r).toBeDisabled();
    for (const t of within(await form()).getAllByRole('textbox')) expect(t).toHaveAttribute('readonly');
    // the allocation table too
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve All' })).toBeNull();
  });

  it('a 400 from the server shows its message and marks its fields', async () => {
    renderOnePage({
      query: '?open=110',
      pages: { 110: COMPLETE },
      handlers: [
        http.patch('/api/one-pages/110/submit', () =>
          fail(400, CHECKLIST_REQUIRED_MESSAGE, { fields: ['deliveryFocusNextWeek'] }),
        ),
      ],
    });
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'One Page Submit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await within(await form()).findByText(CHECKLIST_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Error submitting One Page')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit One-Page' })).toBeInTheDocument();
  });

  it('another failure: "Error submitting One Page" / "Something went wrong while submitting the data."', async () => {
    renderOnePage({
      query: '?open=110',
      pages: { 110: COMPLETE },
      handlers: [http.patch('/api/one-pages/110/submit', () => fail(500, 'boom'))],
    });
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'One Page Submit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Error submitting One Page')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while submitting the data.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit One-Page' })).toBeInTheDocument();
  });

  it('submitted meanwhile (409): the failure toast, then the form reads it again and turns read-only', async () => {
    let gets = 0;
    renderOnePage({
      query: '?open=110',
      pages: { 110: COMPLETE },
      handlers: [
        http.get('/api/one-pages/110', () =>
          HttpResponse.json(
            gets++ === 0
              ? COMPLETE
              : { ...COMPLETE, submittedAt: '2026-03-12T10:00:00.000Z', idSubmittedBy: 7, version: 5 },
          ),
        ),
        http.patch('/api/one-pages/110/submit', () => fail(409, 'This One Page was already submitted')),
      ],
    });
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'One Page Submit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Error submitting One Page')).toBeInTheDocument();
    expect(await screen.findByText(/Submitted on 12 Mar 2026 by Paula Pereira/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit One-Page' })).toBeNull();
    expect(radio('Project status', 'Green')).toBeDisabled();
  });

  it('a pending text is saved before the submit is checked', async () => {
    const { calls } = renderOnePage({
      query: '?open=110',
      pages: { 110: { ...COMPLETE, keyMessage: null } },
    });
    await form();
    const key = text('Key message (highlights)');
    fireEvent.change(key, { target: { value: 'Typed just now' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    expect(await screen.findByRole('dialog', { name: 'One Page Submit' })).toBeInTheDocument();
    expect(patches(calls).map((c) => (c as { body?: unknown }).body)).toEqual([
      { keyMessage: 'Typed just now' },
    ]);
  });

  it('a submitted one-page opens read-only "as submitted", without Submit', async () => {
    renderOnePage({ query: '?open=109', pages: { 109: SUBMITTED_PAGE } });
    await form();
    expect(screen.getByText('As submitted')).toBeInTheDocument();
    expect(screen.getByText(/Submitted on 06 Mar 2026 by Marcos Moura/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit One-Page' })).toBeNull();
    expect(radio('Project status', 'Green')).toBeDisabled();
    expect(radio('Technical DNA', 'Done this week')).not.toBeChecked();
    expect(text('Key message (highlights)')).toHaveValue('Kick-off done');
    expect(text('Key message (highlights)')).toHaveAttribute('readonly');
  });

  it('a member granted access sees the form read-only (no Submit, no allocation edits)', async () => {
    const { calls } = renderOnePage({ user: DORA, query: '?open=110' });
    await form();
    expect(screen.queryByRole('button', { name: 'Submit One-Page' })).toBeNull();
    expect(screen.getByText(/it is read-only for you/)).toBeInTheDocument();
    expect(radio('Project status', 'Yellow')).toBeDisabled();
    expect(text('Key message (highlights)')).toHaveAttribute('readonly');
    expect(await screen.findByRole('table', { name: 'Governance Allocations' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve All' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Approve Carla Costa' })).toBeDisabled();
    fireEvent.click(radio('Project status', 'Red'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('the governance scope and the Admin scope may fill it', async () => {
    for (const user of [GIL, ALICE]) {
      renderOnePage({ user, query: '?open=110' });
      await form();
      expect(screen.getByRole('button', { name: 'Submit One-Page' })).toBeInTheDocument();
      expect(radio('Project status', 'Yellow')).toBeEnabled();
      localStorage.clear();
      document.body.innerHTML = '';
    }
  });

  it('if loading fails, the Weekly Checklist form opens read-only', async () => {
    renderOnePage({
      query: '?open=110',
      handlers: [http.get('/api/one-pages/110', () => fail(500, 'boom'))],
    });
    await form();
    expect(screen.getByText(/Something went wrong while loading the One Page/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly Checklist', level: 2 })).toBeInTheDocument();
    expect(radio('Project status', 'Green')).toBeDisabled();
    expect(radio('Project status', 'Green')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Submit One-Page' })).toBeNull();
  });
});

describe('Classic form (format 1)', () => {
  const CLASSIC = {
    ...DRAFT,
    format: 1,
    onePageProblemLevel: 2,
    projectStatusExplanation: 'Late data',
    environmentStatus: 1,
    projectEnvironmentExplanation: 'Calm',
    keyMessage: 'On track',
    deliveryFocusNextWeek: 'Report',
    teamPoint: 'Good',
    methodInternal: 'Kanban',
    methodExternal: 'Weekly review',
    governanceActionOption: 2,
    governanceAction: 'None needed',
  };

  it('opens for format 1 with its fields, no "Optional" placeholders', async () => {
    renderOnePage({ query: '?open=110', pages: { 110: { ...CLASSIC, methodExternal: null } } });
    const f = await form('One Page');
    expect(screen.queryByRole('heading', { name: 'PROFESSIONALS' })).toBeNull();
    expect(text('Method (internal)')).toHaveValue('Kanban');
    expect(text('Method (external)')).toHaveValue('');
    for (const t of within(f).getAllByRole('textbox'))
      expect(t).not.toHaveAttribute('placeholder', 'Optional');
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    expect(await within(await form('One Page')).findByText(CLASSIC_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('every governance allocation must be approved; Approve All then lets it submit', async () => {
    const { calls } = renderOnePage({ query: '?open=110', pages: { 110: CLASSIC } });
    await form('One Page');
    await screen.findByRole('table', { name: 'Governance Allocations' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    expect(
      await within(await form('One Page')).findByText(GOVERNANCE_ALLOCATIONS_MESSAGE),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve All' }));
    expect(await screen.findByText('All Governance Allocations approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Approve Carla Costa' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'One Page Submit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('One Page submitted successfully!')).toBeInTheDocument();
    const body = calls.find((c) => c.url === '/api/one-pages/110/submit')!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'deliveryFocusNextWeek',
        'environmentStatus',
        'governanceAction',
        'governanceActionOption',
        'keyMessage',
        'methodExternal',
        'methodInternal',
        'onePageProblemLevel',
        'projectEnvironmentExplanation',
        'projectStatusExplanation',
        'teamPoint',
      ].sort(),
    );
  });
});
