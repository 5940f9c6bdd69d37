import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_CONDITIONAL,
  CHECKLIST_REQUIRED_FIELDS,
  CHECKLIST_REQUIRED_MESSAGE,
  CLASSIC_FIELDS,
  CLASSIC_REQUIRED_MESSAGE,
  GOVERNANCE_ALLOCATIONS_MESSAGE,
  ONE_PAGE_LIST_DENIED_MESSAGE,
  ONE_PAGE_NO_ACCESS_MESSAGE,
  ONE_PAGE_OPEN_DENIED_MESSAGE,
  RULES,
  allocationDayChoices,
  allocationDaysMessage,
  allocationInfoMessage,
  allocationStep,
  canFillOnePage,
  canGrantOnePageAccess,
  canListOnePages,
  canOpenOnePage,
  canUndoOnePage,
  checklistMissingFields,
  classicMissingFields,
  isClassicFormat,
  isDelayedSubmission,
  isExplanationRequired,
  isFilled,
  isListedAllocation,
  isValidAllocationDays,
  onePageDeadline,
  onePageOpenDeniedMessage,
  onePageSubmitRefusal,
  onePageWeekOf,
  isoWeekOf,
  unlistedReason,
  type TeamEntry,
} from '@domain/rules';

// ---------------------------------------------------------------------------------------------- who

const TEAM: TeamEntry[] = [
  { idProfessional: 1, isManager: true, isPartner: false },
  { idProfessional: 2, isManager: false, isPartner: true },
  { idProfessional: 3, isManager: false, isPartner: false, isOnePageAllow: true },
  { idProfessional: 4, isManager: false, isPartner: false, isOnePageAllow: false },
  { idProfessional: 5, isManager: false, isPartner: false },
];
const ADMIN = 'API.Portal.Admin';
const ONE_PAGE = 'API.Portal.OnePage';
const PDC = 'API.Portal.PDC';
const PEOPLE = {
  admin: { professionalId: 90, scopes: [ADMIN] },
  governance: { professionalId: 91, scopes: [ONE_PAGE] },
  pdc: { professionalId: 92, scopes: [PDC] },
  knwIdOne: { professionalId: 93, scopes: ['API.Portal.KNW', 'API.Portal.IDOne'] },
  manager: { professionalId: 1, scopes: [] },
  partner: { professionalId: 2, scopes: [] },
  memberAllowed: { professionalId: 3, scopes: [] },
  member: { professionalId: 4, scopes: [] },
  memberUnset: { professionalId: 5, scopes: [] },
  outsider: { professionalId: 99, scopes: [] },
  pdcMember: { professionalId: 4, scopes: [PDC] },
  adminMember: { professionalId: 5, scopes: [ADMIN] },
} satisfies Record<string, { professionalId: number; scopes: string[] }>;
type Who = keyof typeof PEOPLE;

/** The expected answer of each rule per person (Admin opens what it may fill — README decision). */
const MATRIX: Record<Who, { fill: boolean; open: boolean; list: boolean; undo: boolean; grant: boolean }> = {
  admin: { fill: true, open: true, list: true, undo: false, grant: true },
  governance: { fill: true, open: true, list: true, undo: true, grant: true },
  pdc: { fill: false, open: false, list: true, undo: false, grant: false },
  knwIdOne: { fill: false, open: false, list: false, undo: false, grant: false },
  manager: { fill: true, open: true, list: true, undo: false, grant: true },
  partner: { fill: true, open: true, list: true, undo: false, grant: true },
  memberAllowed: { fill: false, open: true, list: true, undo: false, grant: false },
  member: { fill: false, open: false, list: false, undo: false, grant: false },
  memberUnset: { fill: false, open: false, list: false, undo: false, grant: false },
  outsider: { fill: false, open: false, list: false, undo: false, grant: false },
  pdcMember: { fill: false, open: false, list: true, undo: false, grant: false },
  adminMember: { fill: true, open: true, list: true, undo: false, grant: true },
};

describe('isoWeekOf (the schedule weeks)', () => {
  it.each([
    ['2026-01-01', 1, 2026], // a Thursday: week 1
    ['2025-12-29', 1, 2026], // the Monday of that week belongs to 2026's week 1
    ['2027-01-01', 53, 2026], // a Friday: 2026 has 53 weeks
    ['2027-01-04', 1, 2027],
    ['2026-11-23', 48, 2026],
    ['2031-01-06', 2, 2031],
    ['2024-12-30', 1, 2025],
  ])('%s is week %i of %i', (date, week, year) => {
    expect(isoWeekOf(date)).toEqual({ week, year });
  });
});

describe('one-page permissions per person', () => {
  for (const who of Object.keys(PEOPLE) as Who[]) {
    it(`${who}`, () => {
      const u = PEOPLE[who];
      const m = MATRIX[who];
      expect(canFillOnePage(u, TEAM), 'fill').toBe(m.fill);
      expect(canOpenOnePage(u, TEAM), 'open').toBe(m.open);
      expect(canListOnePages(u, TEAM), 'list').toBe(m.list);
      expect(canUndoOnePage(u), 'undo').toBe(m.undo);
      expect(canGrantOnePageAccess(u, TEAM), 'grant').toBe(m.grant);
      // the routes' rules say the same
      const access = { user: u, project: { id: 1, idStatus: 3 }, team: TEAM };
      expect(RULES.onePageFill.allows(access)).toBe(m.fill);
      expect(RULES.onePageOpen.allows(access)).toBe(m.open);
      expect(RULES.onePageList.allows(access)).toBe(m.list);
      expect(RULES.onePageUndo.allows(access)).toBe(m.undo);
      expect(RULES.onePageGrant.allows(access)).toBe(m.grant);
    });
  }

  it('a granted member may open but never fill, submit, undo or grant', () => {
    const u = PEOPLE.memberAllowed;
    expect([canOpenOnePage(u, TEAM), canFillOnePage(u, TEAM), canGrantOnePageAccess(u, TEAM)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('isOnePageAllow counts only on this team', () => {
    expect(canOpenOnePage(PEOPLE.memberAllowed, [])).toBe(false);
    expect(canOpenOnePage(PEOPLE.manager, [])).toBe(false);
  });

  it('the 403 message tells a team member to ask for access, others who may', () => {
    const access = (who: Who) => ({ user: PEOPLE[who], project: { id: 1, idStatus: 3 }, team: TEAM });
    expect(onePageOpenDeniedMessage(PEOPLE.member, TEAM)).toBe(ONE_PAGE_NO_ACCESS_MESSAGE);
    expect(onePageOpenDeniedMessage(PEOPLE.outsider, TEAM)).toBe(ONE_PAGE_OPEN_DENIED_MESSAGE);
    expect(onePageOpenDeniedMessage(PEOPLE.outsider, TEAM, true)).toBe(ONE_PAGE_LIST_DENIED_MESSAGE);
    expect(RULES.onePageOpen.deniedFor!(access('member'))).toBe(ONE_PAGE_NO_ACCESS_MESSAGE);
    expect(RULES.onePageOpen.deniedFor!(access('pdc'))).toBe(ONE_PAGE_OPEN_DENIED_MESSAGE);
    expect(RULES.onePageList.deniedFor!(access('outsider'))).toBe(ONE_PAGE_LIST_DENIED_MESSAGE);
    expect(RULES.onePageList.deniedFor!(access('memberUnset'))).toBe(ONE_PAGE_NO_ACCESS_MESSAGE);
  });
});

// ---------------------------------------------------------------------------------------------- checklist

/** A complete, all-Green checklist: nothing conditional is required. */
const COMPLETE = {
  onePageProblemLevel: 1,
  environmentStatus: 1,
  needHelpFromGovernance: 2,
  riskOfDelay: 2,
  solutionReadiness: 2,
  integrationIdentity: 1,
  teamIssue: 2,
  changeProjectStatus: 1,
  properAttention: 1,
  weeklyStatus: 1,
  keyMessage: 'On track',
  deliveryFocusNextWeek: 'Savings model',
  dnaProf: 1,
  dnaTec: 1,
  governanceActionOption: 2,
};

describe('checklist submit', () => {
  it('has the 14 required fields of the spec', () => {
    expect([...CHECKLIST_REQUIRED_FIELDS]).toEqual([
      'onePageProblemLevel',
      'environmentStatus',
      'needHelpFromGovernance',
      'riskOfDelay',
      'solutionReadiness',
      'integrationIdentity',
      'teamIssue',
      'changeProjectStatus',
      'properAttention',
      'weeklyStatus',
      'keyMessage',
      'deliveryFocusNextWeek',
      'dnaProf',
      'dnaTec',
    ]);
    expect(checklistMissingFields(COMPLETE)).toEqual([]);
    expect(onePageSubmitRefusal(2, COMPLETE)).toBeNull();
  });

  for (const field of CHECKLIST_REQUIRED_FIELDS) {
    it(`${field}: missing when null, undefined or blank; 0 counts as filled`, () => {
      for (const empty of [null, undefined, '', '   ', '\n\t'])
        expect(checklistMissingFields({ ...COMPLETE, [field]: empty }), JSON.stringify(empty)).toContain(
          field,
        );
      const { [field]: _omitted, ...without } = COMPLETE as Record<string, unknown>;
      expect(checklistMissingFields(without)).toContain(field);
      expect(checklistMissingFields({ ...COMPLETE, [field]: 0 })).not.toContain(field);
      expect(onePageSubmitRefusal(2, { ...COMPLETE, [field]: null })).toEqual({
        message: CHECKLIST_REQUIRED_MESSAGE,
        fields: [field],
      });
    });
  }

  it('every required field missing at once, in the spec order', () => {
    expect(checklistMissingFields({})).toEqual([...CHECKLIST_REQUIRED_FIELDS]);
  });

  /** Each conditional explanation: the question, the answers that require it and those that do not. */
  const CASES: [string, string, number[], number[]][] = [
    ['needHelpFromGovernanceExplanation', 'needHelpFromGovernance', [1], [2]],
    ['properAttentionExplanation', 'properAttention', [3], [1, 2]],
    ['projectStatusExplanation', 'onePageProblemLevel', [0, 2, 3], [1]],
    ['projectEnvironmentExplanation', 'environmentStatus', [2, 3], [1]],
    ['riskOfDelayExplanation', 'riskOfDelay', [1, 3], [2]],
    ['integrationIdentityExplanation', 'integrationIdentity', [2, 3], [1]],
    ['teamIssueExplanation', 'teamIssue', [1, 3], [2]],
    ['changeProjectStatusExplanation', 'changeProjectStatus', [4], [1, 2, 3]],
    ['governanceAction', 'governanceActionOption', [1, 3], [2]],
  ];

  it('covers the nine conditional fields', () => {
    expect(CHECKLIST_CONDITIONAL.map(([f]) => f).sort()).toEqual(CASES.map(([f]) => f).sort());
    expect(isExplanationRequired('solutionReadinessExplanation', { solutionReadiness: 1 })).toBe(false);
    expect(isExplanationRequired('nope', {})).toBe(false);
  });

  for (const [explanation, question, requiring, free] of CASES) {
    it(`${explanation} (${question} ${requiring.join('/')} → required; ${free.join('/')} → optional)`, () => {
      for (const answer of requiring) {
        const values = { ...COMPLETE, [question]: answer };
        expect(isExplanationRequired(explanation, values), `${answer}`).toBe(true);
        expect(checklistMissingFields(values), `${answer}`).toEqual([explanation]);
        expect(checklistMissingFields({ ...values, [explanation]: '  ' }), 'blank').toEqual([explanation]);
        expect(checklistMissingFields({ ...values, [explanation]: 'Because.' })).toEqual([]);
        expect(onePageSubmitRefusal(2, values)).toEqual({
          message: CHECKLIST_REQUIRED_MESSAGE,
          fields: [explanation],
        });
      }
      for (const answer of free) {
        const values = { ...COMPLETE, [question]: answer };
        expect(isExplanationRequired(explanation, values), `${answer}`).toBe(false);
        expect(checklistMissingFields(values)).toEqual([]);
      }
      // unanswered: the question is what is missing (governanceActionOption is not required itself)
      const unanswered = { ...COMPLETE, [question]: null };
      expect(isExplanationRequired(explanation, unanswered)).toBe(false);
      expect(checklistMissingFields(unanswered)).toEqual(
        question === 'governanceActionOption' ? [] : [question],
      );
    });
  }

  it('lists required fields first, then the conditional ones', () => {
    expect(
      checklistMissingFields({ ...COMPLETE, keyMessage: '', teamIssue: 1, governanceActionOption: 3 }),
    ).toEqual(['keyMessage', 'teamIssueExplanation', 'governanceAction']);
  });

  it('any format but 1 is the checklist; allocations do not matter there', () => {
    for (const format of [2, 3, 0, null, undefined]) {
      expect(isClassicFormat(format)).toBe(false);
      expect(onePageSubmitRefusal(format, COMPLETE, [{ isApproved: false }])).toBeNull();
    }
    expect(isClassicFormat(1)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------- classic

const CLASSIC = Object.fromEntries(
  CLASSIC_FIELDS.map((f) => [
    f,
    f.endsWith('Level') || f.endsWith('Status') || f.endsWith('Option') ? 2 : 'text',
  ]),
);

describe('classic submit', () => {
  it('submits when every value is filled and every allocation approved', () => {
    expect(classicMissingFields(CLASSIC)).toEqual([]);
    expect(onePageSubmitRefusal(1, CLASSIC, [{ isApproved: true }, { isApproved: true }])).toBeNull();
    expect(onePageSubmitRefusal(1, CLASSIC, [])).toBeNull();
  });

  for (const field of CLASSIC_FIELDS) {
    it(`${field} must be non-empty (0 counts as filled)`, () => {
      for (const empty of [null, undefined, '', '  '])
        expect(onePageSubmitRefusal(1, { ...CLASSIC, [field]: empty })).toEqual({
          message: CLASSIC_REQUIRED_MESSAGE,
          fields: [field],
        });
      expect(classicMissingFields({ ...CLASSIC, [field]: 0 })).toEqual([]);
    });
  }

  it('an unapproved allocation refuses with its own message, after the fields', () => {
    expect(onePageSubmitRefusal(1, CLASSIC, [{ isApproved: true }, { isApproved: false }])).toEqual({
      message: GOVERNANCE_ALLOCATIONS_MESSAGE,
      fields: [],
    });
    expect(onePageSubmitRefusal(1, { ...CLASSIC, keyMessage: '' }, [{ isApproved: false }])).toEqual({
      message: CLASSIC_REQUIRED_MESSAGE,
      fields: ['keyMessage'],
    });
    expect(classicMissingFields({})).toEqual([...CLASSIC_FIELDS]);
  });

  it('the messages are the spec’s', () => {
    expect(CHECKLIST_REQUIRED_MESSAGE).toBe(
      'All required fields must be filled in order to submit the One Page',
    );
    expect(CLASSIC_REQUIRED_MESSAGE).toBe('All fields must be filled in order to submit the One Page.');
    expect(GOVERNANCE_ALLOCATIONS_MESSAGE).toBe('All Governance Allocations must be approved.');
  });

  it('isFilled: 0 and false are filled, blank text is not', () => {
    expect([0, false, 'x', 3].map(isFilled)).toEqual([true, true, true, true]);
    expect([null, undefined, '', ' \n'].map(isFilled)).toEqual([false, false, false, false]);
  });
});

// ---------------------------------------------------------------------------------------------- allocations

describe('allocation days', () => {
  it('steps of 0.5, or 0.25 for practice 7', () => {
    expect(allocationStep(7)).toBe(0.25);
    for (const p of [1, 2, 6, 8, null, undefined]) expect(allocationStep(p)).toBe(0.5);
    expect(allocationDayChoices(1)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    const quarter = allocationDayChoices(7);
    expect(quarter).toHaveLength(21);
    expect(quarter.slice(0, 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(quarter.at(-1)).toBe(5);
  });

  it('accepts exactly the choices', () => {
    for (const p of [7, 3, null]) {
      for (const d of allocationDayChoices(p)) expect(isValidAllocationDays(d, p), `${d} @${p}`).toBe(true);
      for (const d of [-0.5, 5.5, 5.25, 0.1, 2.3, Number.NaN, Number.POSITIVE_INFINITY])
        expect(isValidAllocationDays(d, p), `${d} @${p}`).toBe(false);
    }
    expect(isValidAllocationDays(0.25, 3)).toBe(false);
    expect(isValidAllocationDays(4.75, 7)).toBe(true);
  });

  it('says the step in its message', () => {
    expect(allocationDaysMessage(1)).toBe('Allocation days go from 0 to 5 in steps of 0.5');
    expect(allocationDaysMessage(7)).toBe('Allocation days go from 0 to 5 in steps of 0.25');
  });

  it('lists only active professionals with allocation in the previous, current or next two weeks', () => {
    const base = { isActive: true, previousDays: null, totalDays: 0, nextDays: [0, 0] };
    expect(isListedAllocation(base)).toBe(false);
    expect(unlistedReason(base)).toBe('no allocation');
    for (const change of [
      { previousDays: 0.5 },
      { totalDays: 1 },
      { nextDays: [0.25, 0] },
      { nextDays: [0, 2] },
    ])
      expect(isListedAllocation({ ...base, ...change }), JSON.stringify(change)).toBe(true);
    expect(isListedAllocation({ ...base, nextDays: [0, 0, 3] })).toBe(false); // three weeks ahead is outside
    expect(unlistedReason({ ...base, totalDays: 3, isActive: false })).toBe('inactive');
    expect(unlistedReason({ ...base, totalDays: 3 })).toBeNull();
  });

  it('infoMessage names who is missing and why, or null', () => {
    expect(allocationInfoMessage([])).toBeNull();
    expect(
      allocationInfoMessage([
        { name: 'Dora Duarte', reason: 'no allocation' },
        { name: 'Rita Ramos', reason: 'inactive' },
      ]),
    ).toBe(
      'Not listed: Dora Duarte (no allocation in the previous, current or next two weeks); Rita Ramos (inactive).',
    );
  });
});

// ---------------------------------------------------------------------------------------------- week, deadline

describe('the week and the deadline (README decisions)', () => {
  it('a week is Monday–Sunday UTC', () => {
    expect(onePageWeekOf(new Date('2026-01-07T12:00:00Z'))).toEqual({
      initialDate: '2026-01-05',
      endDate: '2026-01-11',
    });
    expect(onePageWeekOf(new Date('2026-01-05T00:00:00Z')).initialDate).toBe('2026-01-05');
    expect(onePageWeekOf(new Date('2026-01-11T23:59:59Z')).initialDate).toBe('2026-01-05');
    expect(onePageWeekOf(new Date('2026-01-12T00:00:00Z')).initialDate).toBe('2026-01-12');
    // across a year end
    expect(onePageWeekOf(new Date('2026-01-01T08:00:00Z'))).toEqual({
      initialDate: '2025-12-29',
      endDate: '2026-01-04',
    });
  });

  it('a submission is delayed from the day after endDate, 00:00 UTC', () => {
    expect(onePageDeadline('2026-01-11').toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(isDelayedSubmission('2026-01-11', new Date('2026-01-11T23:59:59.999Z'))).toBe(false);
    expect(isDelayedSubmission('2026-01-11', new Date('2026-01-12T00:00:00.000Z'))).toBe(true);
    expect(isDelayedSubmission('2026-01-11', new Date('2026-01-06T09:00:00Z'))).toBe(false);
  });
});
