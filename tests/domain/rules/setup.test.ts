/**
 * The setup rules, exhaustively: every role × every project status × every Project Info
 * field, the During Type rule, the assessment refusal and fill rule, and the team lookup check.
 */
import { describe, expect, it } from 'vitest';
import {
  PROJECT_SETUP_FIELDS,
  SETUP_ASSESSMENT_REFUSAL,
  canEditDuringType,
  canEditGovernedProjectFields,
  canEditProjectField,
  canEditSetup,
  canFillSetupAssessment,
  isTeamProfessional,
  projectFieldDeniedMessage,
  setupAssessmentDeniedMessage,
  setupAssessmentRefusal,
  type ProjectSetupField,
} from '@domain/rules/setup';
import { RULES } from '@domain/rules';

const ADMIN = 'API.Portal.Admin';
const MANAGER = 6;
const PARTNER = 7;
const MEMBER = 9;
const BOTH = 8; // manager and partner at once
const TEAM = [
  { idProfessional: MANAGER, isManager: true, isPartner: false },
  { idProfessional: PARTNER, isManager: false, isPartner: true },
  { idProfessional: BOTH, isManager: true, isPartner: true },
  { idProfessional: MEMBER, isManager: false, isPartner: false },
  { idProfessional: 1, isManager: false, isPartner: false }, // an Admin who is also an ordinary member
  { idProfessional: 3, isManager: true, isPartner: false }, // an Admin who manages the project
];
const STATUSES = [1, 2, 3, 4, 5, 6] as const;
const SETUP = 2;

type Role =
  | 'admin (not on the team)'
  | 'admin (ordinary member)'
  | 'admin (manager)'
  | 'manager'
  | 'partner'
  | 'manager and partner'
  | 'member'
  | 'outsider'
  | 'OnePage holder (outsider)'
  | 'KNW holder (member)';
const USERS: Record<Role, { professionalId: number; scopes: string[] }> = {
  'admin (not on the team)': { professionalId: 2, scopes: [ADMIN] },
  'admin (ordinary member)': { professionalId: 1, scopes: [ADMIN] },
  'admin (manager)': { professionalId: 3, scopes: [ADMIN, 'API.Portal.OnePage'] },
  manager: { professionalId: MANAGER, scopes: [] },
  partner: { professionalId: PARTNER, scopes: [] },
  'manager and partner': { professionalId: BOTH, scopes: [] },
  member: { professionalId: MEMBER, scopes: [] },
  outsider: { professionalId: 11, scopes: [] },
  'OnePage holder (outsider)': { professionalId: 12, scopes: ['API.Portal.OnePage'] },
  'KNW holder (member)': { professionalId: MEMBER, scopes: ['API.Portal.KNW', 'API.Portal.IDOne'] },
};
const ROLES = Object.keys(USERS) as Role[];
const isAdminRole = (r: Role) => r.startsWith('admin');

/** The expected answers, written out per role (not computed the way the rules compute them). */
const EXPECTED: Record<
  Role,
  {
    setupAt: readonly number[];
    governed: boolean;
    duringType: boolean;
    refusal: string | null;
    fillAt: readonly number[];
  }
> = {
  'admin (not on the team)': {
    setupAt: STATUSES,
    governed: true,
    duringType: true,
    refusal: SETUP_ASSESSMENT_REFUSAL.outsider,
    fillAt: [],
  },
  'admin (ordinary member)': {
    setupAt: STATUSES,
    governed: true,
    duringType: true,
    refusal: null,
    fillAt: STATUSES,
  },
  'admin (manager)': {
    setupAt: STATUSES,
    governed: true,
    duringType: true,
    refusal: SETUP_ASSESSMENT_REFUSAL.manager,
    fillAt: [],
  },
  manager: {
    setupAt: [SETUP],
    governed: false,
    duringType: true,
    refusal: SETUP_ASSESSMENT_REFUSAL.manager,
    fillAt: [],
  },
  partner: {
    setupAt: [SETUP],
    governed: false,
    duringType: true,
    refusal: SETUP_ASSESSMENT_REFUSAL.partner,
    fillAt: [],
  },
  'manager and partner': {
    setupAt: [SETUP],
    governed: false,
    duringType: true,
    refusal: SETUP_ASSESSMENT_REFUSAL.manager,
    fillAt: [],
  },
  member: { setupAt: [SETUP], governed: false, duringType: false, refusal: null, fillAt: [SETUP] },
  outsider: {
    setupAt: [],
    governed: false,
    duringType: false,
    refusal: SETUP_ASSESSMENT_REFUSAL.outsider,
    fillAt: [],
  },
  'OnePage holder (outsider)': {
    setupAt: [],
    governed: false,
    duringType: false,
    refusal: SETUP_ASSESSMENT_REFUSAL.outsider,
    fillAt: [],
  },
  'KNW holder (member)': {
    setupAt: [SETUP],
    governed: false,
    duringType: false,
    refusal: null,
    fillAt: [SETUP],
  },
};

const GOVERNED: ProjectSetupField[] = [
  'name',
  'idPractice',
  'idMethodology',
  'idGeography',
  'idGeographicScope',
  'idOffice',
  'idCoMgt',
  'idSupportCoMgt',
];
const SETUP_TEXTS: ProjectSetupField[] = ['whatSalesContext', 'whyClientNeedHelp'];

describe('PROJECT_SETUP_FIELDS (the one-field writes of Project Info)', () => {
  it('lists exactly title, sales context, why the client needs help and the eight metadata fields', () => {
    expect(Object.keys(PROJECT_SETUP_FIELDS).sort()).toEqual(
      [...GOVERNED, ...SETUP_TEXTS, 'idDuringType'].sort(),
    );
    for (const f of GOVERNED) expect(PROJECT_SETUP_FIELDS[f], f).toBe('governed');
    for (const f of SETUP_TEXTS) expect(PROJECT_SETUP_FIELDS[f], f).toBe('setup');
    expect(PROJECT_SETUP_FIELDS.idDuringType).toBe('duringType');
  });
});

describe('canEditSetup: Admin at any time, the team only while in Setup (idStatus 2), outsiders never', () => {
  for (const role of ROLES)
    for (const status of STATUSES)
      it(`${role} at status ${status}`, () =>
        expect(canEditSetup(USERS[role], TEAM, status)).toBe(EXPECTED[role].setupAt.includes(status)));

  it('an empty team leaves only Admin', () => {
    for (const status of STATUSES) {
      expect(canEditSetup(USERS.member, [], status)).toBe(false);
      expect(canEditSetup(USERS['admin (not on the team)'], [], status)).toBe(true);
    }
  });
});

describe('canEditProjectField: every field × role × status', () => {
  for (const field of Object.keys(PROJECT_SETUP_FIELDS) as ProjectSetupField[])
    for (const role of ROLES)
      it(`${field} — ${role}`, () => {
        const e = EXPECTED[role];
        for (const status of STATUSES) {
          const expected =
            PROJECT_SETUP_FIELDS[field] === 'governed'
              ? e.governed
              : PROJECT_SETUP_FIELDS[field] === 'duringType'
                ? e.duringType
                : e.setupAt.includes(status);
          expect(canEditProjectField(field, USERS[role], TEAM, status), `status ${status}`).toBe(expected);
        }
      });

  it('the governed fields are the scope holder’s alone (canEditGovernedProjectFields)', () => {
    for (const role of ROLES) expect(canEditGovernedProjectFields(USERS[role]), role).toBe(isAdminRole(role));
  });

  it('says why a field is refused, per kind of field', () => {
    for (const f of GOVERNED)
      expect(projectFieldDeniedMessage(f)).toBe(
        'Only an administrator may change the project title, practice, methodology, geography, geographic scope, office and co-management',
      );
    expect(projectFieldDeniedMessage('idDuringType')).toBe(
      "During Type is changed by an administrator, or by the project's manager or a partner",
    );
    for (const f of SETUP_TEXTS)
      expect(projectFieldDeniedMessage(f)).toBe(
        "Setup pages are edited by the project's team while the project is in Setup, or by an administrator",
      );
  });
});

describe('canEditDuringType: Admin, the manager or a partner — at any status', () => {
  for (const role of ROLES)
    it(role, () => expect(canEditDuringType(USERS[role], TEAM)).toBe(EXPECTED[role].duringType));
});

describe('setupAssessmentRefusal: the spec’s messages for the manager, a partner and non-members', () => {
  it('quotes the spec', () => {
    expect(SETUP_ASSESSMENT_REFUSAL).toEqual({
      manager: 'You are not able to fill the setup assessment because you are the project manager',
      partner: 'You are not able to fill the setup assessment because you are a partner',
      outsider: 'You are not able to fill the setup assessment because you are not part of the team',
    });
  });
  for (const role of ROLES)
    it(role, () => expect(setupAssessmentRefusal(USERS[role], TEAM)).toBe(EXPECTED[role].refusal));
  it('nobody fills it on a project without a team', () =>
    expect(setupAssessmentRefusal(USERS.member, [])).toBe(SETUP_ASSESSMENT_REFUSAL.outsider));
});

describe('canFillSetupAssessment: ordinary members while in Setup; an Admin member at any status', () => {
  for (const role of ROLES)
    for (const status of STATUSES)
      it(`${role} at status ${status}`, () =>
        expect(canFillSetupAssessment(USERS[role], TEAM, status)).toBe(
          EXPECTED[role].fillAt.includes(status),
        ));

  it('the 403 message: the refusal, else the Setup-only one', () => {
    for (const role of ROLES)
      expect(setupAssessmentDeniedMessage(USERS[role], TEAM), role).toBe(
        EXPECTED[role].refusal ?? 'The setup assessment can be changed only while the project is in Setup',
      );
  });
});

describe('isTeamProfessional: professional lookups are the team’s', () => {
  it('accepts team members and no professional, refuses anyone else', () => {
    for (const t of TEAM) expect(isTeamProfessional(TEAM, t.idProfessional)).toBe(true);
    expect(isTeamProfessional(TEAM, null)).toBe(true);
    expect(isTeamProfessional(TEAM, undefined)).toBe(true);
    for (const id of [0, -1, 2, 11, 12, 999]) expect(isTeamProfessional(TEAM, id), String(id)).toBe(false);
    expect(isTeamProfessional([], MEMBER)).toBe(false);
    expect(isTeamProfessional([], null)).toBe(true);
  });
});

describe('the routes’ rules are these functions', () => {
  it('RULES.setupEdit and RULES.setupAssessmentFill agree with canEditSetup and canFillSetupAssessment', () => {
    for (const role of ROLES)
      for (const status of STATUSES) {
        const access = { user: USERS[role], team: TEAM, project: { id: 1, idStatus: status } };
        expect(RULES.setupEdit.allows(access), `${role} ${status}`).toBe(
          EXPECTED[role].setupAt.includes(status),
        );
        expect(RULES.setupAssessmentFill.allows(access), `${role} ${status}`).toBe(
          EXPECTED[role].fillAt.includes(status),
        );
        if (!RULES.setupAssessmentFill.allows(access))
          expect(RULES.setupAssessmentFill.deniedFor!(access)).toBe(
            EXPECTED[role].refusal ??
              'The setup assessment can be changed only while the project is in Setup',
          );
      }
  });
});
