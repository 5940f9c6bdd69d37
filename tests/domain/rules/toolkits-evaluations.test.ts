import { describe, expect, it } from 'vitest';
import {
  canEditToolkits,
  showChangeButton,
  toolkitStatusDisplay,
  toolkitStatusOptions,
} from '@domain/rules/toolkits';
import {
  canEditEvaluations,
  canEditIdOne,
  canOpenEvaluationManagement,
  cycleOptions,
  isIdOneApplicable,
  mergeRow,
} from '@domain/rules/evaluations';

const TEAM = [
  { idProfessional: 6, isManager: true, isPartner: false },
  { idProfessional: 7, isManager: false, isPartner: true },
  { idProfessional: 8, isManager: true, isPartner: true },
  { idProfessional: 9, isManager: false, isPartner: false },
];
const user = (professionalId: number, scopes: string[] = []) => ({ professionalId, scopes });

describe('toolkit status options, role by role', () => {
  it('Admin scope: Draft, Request, Approved, Not Approved', () =>
    expect(toolkitStatusOptions(user(1, ['API.Portal.Admin']), TEAM)).toEqual([0, 1, 2, 3]));
  it('Manager and partner at once: Request, Approved, Not Approved', () =>
    expect(toolkitStatusOptions(user(8), TEAM)).toEqual([1, 2, 3]));
  it('Manager only: Request', () => expect(toolkitStatusOptions(user(6), TEAM)).toEqual([1]));
  it('Partner only: Approved, Not Approved', () =>
    expect(toolkitStatusOptions(user(7), TEAM)).toEqual([2, 3]));
  it('Neither: none (member, outsider, other scopes)', () => {
    expect(toolkitStatusOptions(user(9), TEAM)).toEqual([]);
    expect(toolkitStatusOptions(user(11), TEAM)).toEqual([]);
    expect(toolkitStatusOptions(user(11, ['API.Portal.OnePage', 'API.Portal.KNW']), TEAM)).toEqual([]);
  });
});

describe('toolkit permissions', () => {
  it.each([
    ['admin in Setup', user(1, ['API.Portal.Admin']), 2, true],
    ['admin in During', user(1, ['API.Portal.Admin']), 3, true],
    ['manager in Setup', user(6), 2, false],
    ['manager in During', user(6), 3, true],
    ['partner in Draft', user(7), 1, true],
    ['partner in Setup', user(7), 2, false],
    ['member in During', user(9), 3, false],
    ['outsider in During', user(11), 3, false],
  ])('%s → %s', (_, u, status, expected) => {
    expect(canEditToolkits(u, TEAM, status)).toBe(expected);
  });
  it('CHANGE is hidden for Approved and Not Approved and without options', () => {
    expect(showChangeButton(0, [1])).toBe(true);
    expect(showChangeButton(1, [2, 3])).toBe(true);
    expect(showChangeButton(2, [0, 1, 2, 3])).toBe(false);
    expect(showChangeButton(3, [0, 1, 2, 3])).toBe(false);
    expect(showChangeButton(0, [])).toBe(false);
  });
  it('display: 0 Draft grey, 1 Request yellow, 2 Approved green, 3 Not Approved red, other Pending yellow', () => {
    expect([0, 1, 2, 3, 7].map(toolkitStatusDisplay)).toEqual([
      { label: 'Draft', colour: 'grey' },
      { label: 'Request', colour: 'yellow' },
      { label: 'Approved', colour: 'green' },
      { label: 'Not Approved', colour: 'red' },
      { label: 'Pending', colour: 'yellow' },
    ]);
  });
});

describe('evaluations and ID One', () => {
  it('Evaluation Management: partner or manager, or Admin or OnePage scope', () => {
    expect(canOpenEvaluationManagement(user(6), TEAM)).toBe(true);
    expect(canOpenEvaluationManagement(user(7), TEAM)).toBe(true);
    expect(canOpenEvaluationManagement(user(9), TEAM)).toBe(false);
    expect(canOpenEvaluationManagement(user(11, ['API.Portal.OnePage']), TEAM)).toBe(true);
    expect(canOpenEvaluationManagement(user(11, ['API.Portal.Admin']), TEAM)).toBe(true);
    expect(canOpenEvaluationManagement(user(11, ['API.Portal.KNW']), TEAM)).toBe(false);
  });
  it('evaluations: Admin always; manager or partner when not in Setup; OnePage and others read only', () => {
    expect(canEditEvaluations(user(6), TEAM, 2)).toBe(false);
    expect(canEditEvaluations(user(6), TEAM, 3)).toBe(true);
    expect(canEditEvaluations(user(7), TEAM, 4)).toBe(true);
    expect(canEditEvaluations(user(9), TEAM, 3)).toBe(false);
    expect(canEditEvaluations(user(11, ['API.Portal.OnePage']), TEAM, 3)).toBe(false);
    expect(canEditEvaluations(user(11), TEAM, 3)).toBe(false);
    expect(canEditEvaluations(user(1, ['API.Portal.Admin']), TEAM, 2)).toBe(true);
  });
  it('ID One: Admin always; IDOne holders and any team member when not in Setup', () => {
    expect(canEditIdOne(user(6), TEAM, 2)).toBe(false);
    expect(canEditIdOne(user(6), TEAM, 4)).toBe(true);
    expect(canEditIdOne(user(9), TEAM, 3)).toBe(true);
    expect(canEditIdOne(user(11), TEAM, 3)).toBe(false);
    expect(canEditIdOne(user(11, ['API.Portal.IDOne']), TEAM, 3)).toBe(true);
    expect(canEditIdOne(user(11, ['API.Portal.IDOne']), TEAM, 2)).toBe(false);
    expect(canEditIdOne(user(11, ['API.Portal.OnePage']), TEAM, 3)).toBe(false);
    expect(canEditIdOne(user(1, ['API.Portal.Admin']), TEAM, 2)).toBe(true);
  });
  it('cycle list without duplicates, "period - year", active by default', () => {
    const c1 = { id: 1, period: 'H1', year: 2026, isActive: false };
    const c2 = { id: 2, period: 'H2', year: 2026, isActive: true };
    expect(cycleOptions([{ cycle: c1 }, { cycle: c2 }, { cycle: c1 }])).toEqual({
      options: [
        { id: 1, label: 'H1 - 2026', isActive: false },
        { id: 2, label: 'H2 - 2026', isActive: true },
      ],
      defaultId: 2,
    });
    expect(cycleOptions([{ cycle: c1 }]).defaultId).toBe(1);
    expect(cycleOptions([]).defaultId).toBeNull();
  });
  it('merges the old row with the changes', () => {
    expect(mergeRow({ id: 1, a: 1, b: 2 }, { b: 3 })).toEqual({ id: 1, a: 1, b: 3 });
  });
  it('ID One applies only with geographic 223', () => {
    expect(isIdOneApplicable([1, 223])).toBe(true);
    expect(isIdOneApplicable([1, 2])).toBe(false);
    expect(isIdOneApplicable([])).toBe(false);
  });
});
