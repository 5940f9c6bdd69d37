/**
 * Start from last week on the one-page form: a blank draft is filled from last week's submitted one-page in one
 * request, its fields marked "From last week" until edited or confirmed, and it submits; fields filled this week
 * with other values are kept or replaced as the person chooses in the dialog; without a submitted earlier one-page
 * the button is disabled with the reason; readers see the marks without the confirmations.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NO_CARRY_SOURCE_MESSAGE, carryForward, mergeCarried, withoutCarried } from '@domain/rules';
import { COMPLETE, DORA, DRAFT, LIST, SUBMITTED_PAGE, renderOnePage, type Call } from './fixtures';

type Page = Record<string, unknown> & { id: number; version: number; format: number };

/** Last week's one-page (109, submitted): the checklist's answers, and texts the draft does not have. */
const LAST_WEEK: Page = {
  ...SUBMITTED_PAGE,
  dnaTec: 2,
  projectStatusExplanation: 'Client data late', // Yellow: the submit requires it
  teamPoint: 'Ivan pairs with Carla',
  governanceAllocation: 'Keep the allocation',
  carriedFields: [],
};
/** This week's draft (110), blank. */
const BLANK: Page = { ...DRAFT, onePageProblemLevel: null, carriedFields: [] };

/**
 * The one-page calls as the server answers them, over `pages`: GET, PATCH one field (its mark goes), submit (the
 * marks go), carry-forward (the domain's plan) and confirm-carried. Every write is recorded in `calls`.
 */
function oneServer(pages: Record<number, Page>, calls: Call[]) {
  const log = async (request: Request) => {
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      ifMatch: request.headers.get('if-match'),
    });
  };
  const save = (id: number, values: Record<string, unknown>) => {
    pages[id] = { ...pages[id]!, ...values, version: pages[id]!.version + 1 };
    return HttpResponse.json(pages[id]);
  };
  return [
    http.get('/api/one-pages/:id', ({ params }) => HttpResponse.json(pages[Number(params.id)])),
    http.post('/api/one-pages/:id/carry-forward', async ({ request, params }) => {
      await log(request);
      const id = Number(params.id);
      const { sourceId, replace } = (await request.clone().json()) as { sourceId: number; replace: boolean };
      const plan = carryForward(pages[sourceId]!, pages[id]!, { replace });
      const marked = pages[id]!.carriedFields as string[];
      return save(id, {
        ...plan.values,
        carriedFields: mergeCarried(pages[id]!.format, marked, plan.carried),
      });
    }),
    http.patch('/api/one-pages/:id/confirm-carried', async ({ request, params }) => {
      await log(request);
      const id = Number(params.id);
      const body = (await request.clone().json()) as { fields?: string[] };
      return save(id, { carriedFields: withoutCarried(pages[id]!.carriedFields as string[], body.fields) });
    }),
    http.patch('/api/one-pages/:id/submit', async ({ request, params }) => {
      await log(request);
      const id = Number(params.id);
      const body = (await request.clone().json()) as Record<string, unknown>;
      return save(id, {
        ...body,
        submittedAt: '2026-03-12T10:00:00.000Z',
        idSubmittedBy: 6,
        carriedFields: [],
      });
    }),
    http.patch('/api/one-pages/:id', async ({ request, params }) => {
      await log(request);
      const id = Number(params.id);
      const body = (await request.clone().json()) as Record<string, unknown>;
      const marked = pages[id]!.carriedFields as string[];
      return save(id, { ...body, carriedFields: withoutCarried(marked, Object.keys(body)) });
    }),
  ];
}

function render({
  draft = BLANK,
  user = undefined as object | undefined,
  list = LIST as unknown[],
}: { draft?: Page; user?: object; list?: unknown[] } = {}) {
  const pages: Record<number, Page> = { 110: structuredClone(draft), 109: structuredClone(LAST_WEEK) };
  const calls: Call[] = [];
  renderOnePage({
    query: '?open=110',
    ...(user ? { user } : {}),
    pages,
    handlers: [
      http.get('/api/one-pages/project/3', () => HttpResponse.json(list)),
      ...oneServer(pages, calls),
    ],
  });
  return { pages, calls, of: (url: string) => calls.filter((c) => c.url === url) };
}

const form = () => screen.findByRole('form', { name: 'Weekly Checklist' });
const radio = (group: string, label: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: label });
const text = (name: string) => screen.getByRole('textbox', { name });
const startButton = () => screen.getByRole('button', { name: 'Start from last week' });
const confirmOf = (label: string) =>
  screen.queryByRole('button', { name: `Confirm ${label} from last week` });
const CARRY = '/api/one-pages/110/carry-forward';

describe('Start from last week', () => {
  it('fills a blank draft in one request, marks the fields, an edit takes its mark off, and it submits', async () => {
    const { calls, of, pages } = render();
    await form();
    await waitFor(() => expect(startButton()).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(startButton());

    await waitFor(() => expect(text('Key message (highlights)')).toHaveValue('Kick-off done'));
    expect(of(CARRY)).toEqual([
      { method: 'POST', url: CARRY, body: { sourceId: 109, replace: false }, ifMatch: '"4"' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull(); // nothing filled this week: nothing to ask
    expect(radio('Project status', 'Yellow')).toBeChecked();
    expect(radio('Is there a risk of delay?', 'No')).toBeChecked();
    expect(radio('Technical DNA', 'Not done but planned for next week')).toBeChecked();
    expect(text('Delivery focus next week')).toHaveValue('Interviews');
    expect(text('Team point')).toHaveValue('Ivan pairs with Carla');
    expect(text('Governance allocation')).toHaveValue('Keep the allocation');

    const carried = pages[110]!.carriedFields as string[];
    expect(carried).toHaveLength(18);
    expect(carried).toEqual(carryForward(LAST_WEEK, BLANK, { replace: false }).carried);
    expect(screen.getAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(carried.length);
    expect(
      screen.getByText(`${carried.length} fields come from last week's One-Page`, { exact: false }),
    ).toBeInTheDocument();
    expect(confirmOf('Key message (highlights)')).toBeInTheDocument();
    expect(confirmOf('Project status')).toBeInTheDocument();

    // editing a field takes its mark off (the PATCH's answer has it no more); the others keep theirs
    await userEvent.type(text('Key message (highlights)'), ' ok');
    await waitFor(
      () => expect(of('/api/one-pages/110')).toMatchObject([{ body: { keyMessage: 'Kick-off done ok' } }]),
      { timeout: 3000 },
    );
    expect(of('/api/one-pages/110')[0]!.ifMatch).toBe('"5"');
    await waitFor(() => expect(confirmOf('Key message (highlights)')).toBeNull());
    expect(confirmOf('Project status')).toBeInTheDocument();
    expect(screen.getAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(
      carried.length - 1,
    );

    // carried values count as filled: the submit goes through
    await userEvent.click(screen.getByRole('button', { name: 'Submit One-Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'One Page Submit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('One Page submitted successfully!')).toBeInTheDocument();
    const submit = calls.find((c) => c.url === '/api/one-pages/110/submit')!;
    expect(submit.body).toMatchObject({
      onePageProblemLevel: 2,
      keyMessage: 'Kick-off done ok',
      teamPoint: 'Ivan pairs with Carla',
    });
    await waitFor(() =>
      expect(screen.queryAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(0),
    );
    expect(screen.queryByRole('button', { name: 'Start from last week' })).toBeNull();
  }, 60_000);

  it("fields filled this week with other values: the dialog counts them, and Keep this week's keeps them", async () => {
    const { of } = render({
      draft: { ...BLANK, onePageProblemLevel: 3, keyMessage: 'Our own message', weeklyStatus: 1 },
    });
    await form();
    await waitFor(() => expect(startButton()).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start from last week' });
    // weeklyStatus is as last week: not counted
    expect(dialog).toHaveTextContent(
      '2 fields you filled this week differ from the One-Page of 02 Mar 2026 – 08 Mar 2026',
    );
    expect(of(CARRY)).toHaveLength(0); // nothing written before the choice
    await userEvent.click(within(dialog).getByRole('button', { name: "Keep this week's" }));
    await waitFor(() => expect(of(CARRY)).toHaveLength(1));
    expect(of(CARRY)[0]!.body).toEqual({ sourceId: 109, replace: false });
    await waitFor(() => expect(text('Delivery focus next week')).toHaveValue('Interviews'));
    expect(text('Key message (highlights)')).toHaveValue('Our own message');
    expect(radio('Project status', 'Red')).toBeChecked();
    expect(confirmOf('Key message (highlights)')).toBeNull();
    expect(confirmOf('Project status')).toBeNull();
    expect(confirmOf('Weekly status')).toBeNull();
    expect(confirmOf('Delivery focus next week')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("Replace with last week's replaces them, marked", async () => {
    const { of } = render({ draft: { ...BLANK, onePageProblemLevel: 3, keyMessage: 'Our own message' } });
    await form();
    await waitFor(() => expect(startButton()).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Start from last week' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Replace with last week's" }));
    await waitFor(() => expect(text('Key message (highlights)')).toHaveValue('Kick-off done'));
    expect(of(CARRY)[0]!.body).toEqual({ sourceId: 109, replace: true });
    expect(radio('Project status', 'Yellow')).toBeChecked();
    expect(confirmOf('Key message (highlights)')).toBeInTheDocument();
  });

  it('without a submitted one-page before this week: disabled, with the reason; nothing is sent', async () => {
    const { of } = render({ list: [LIST[0], { ...LIST[1], submittedAt: null, idSubmittedBy: null }] });
    await form();
    const button = startButton();
    await waitFor(() => expect(button).toHaveAttribute('aria-description', NO_CARRY_SOURCE_MESSAGE));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(of(CARRY)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Confirm takes one mark off and Confirm all the rest; the values stay', async () => {
    const { of } = render({
      draft: {
        ...BLANK,
        ...COMPLETE,
        id: 110,
        version: 4,
        carriedFields: ['keyMessage', 'deliveryFocusNextWeek', 'dnaProf'],
      },
    });
    await form();
    expect(screen.getAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(3);
    await userEvent.click(confirmOf('Key message (highlights)')!);
    await waitFor(() => expect(confirmOf('Key message (highlights)')).toBeNull());
    expect(of('/api/one-pages/110/confirm-carried')).toEqual([
      {
        method: 'PATCH',
        url: '/api/one-pages/110/confirm-carried',
        body: { fields: ['keyMessage'] },
        ifMatch: '"4"',
      },
    ]);
    expect(text('Key message (highlights)')).toHaveValue('Kick-off done');
    expect(screen.getByText("2 fields come from last week's One-Page", { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm all' }));
    await waitFor(() =>
      expect(screen.queryAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(0),
    );
    expect(of('/api/one-pages/110/confirm-carried')[1]).toMatchObject({ body: {}, ifMatch: '"5"' });
    expect(screen.queryByRole('button', { name: 'Confirm all' })).toBeNull();
    expect(radio('Professional DNA', 'Done this week')).toBeChecked();
  });

  it('a reader sees the marks, without Start from last week nor the confirmations', async () => {
    render({ user: DORA, draft: { ...BLANK, keyMessage: 'Kick-off done', carriedFields: ['keyMessage'] } });
    await form();
    expect(screen.getAllByText('From last week', { selector: '.fui-Badge' })).toHaveLength(1);
    expect(screen.getByText("1 field comes from last week's One-Page", { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start from last week' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm all' })).toBeNull();
    expect(confirmOf('Key message (highlights)')).toBeNull();
  });
});
