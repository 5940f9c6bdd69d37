import { describe, expect, it } from 'vitest';
import {
  RULES,
  canReadSessionRecords,
  canWorkOnSessions,
  canWriteSessionRecords,
  mayWriteSomeSession,
  sessionWriteRefusal,
  stakeholderNameKey,
  SESSION_SUBMITTED_MESSAGE,
  canDoSessionAction,
  sessionActionRefusal,
  sessionAnswerLabel,
  SESSION_ANSWERS,
  SETUP_SESSION_MESSAGE,
  SESSION_DELETE_SUBMITTED_MESSAGE,
  SESSION_ALREADY_SUBMITTED_MESSAGE,
  SESSION_NOT_SUBMITTED_MESSAGE,
  type SessionAction,
  type TeamEntry,
} from '@domain/rules';

const TEAM: TeamEntry[] = [
  { idProfessional: 1, isManager: true, isPartner: false },
  { idProfessional: 2, isManager: false, isPartner: true },
  { idProfessional: 3, isManager: false, isPartner: false },
];
const PEOPLE = {
  admin: { professionalId: 90, scopes: ['API.Portal.Admin'] },
  adminOnTeam: { professionalId: 3, scopes: ['API.Portal.Admin'] },
  governance: { professionalId: 91, scopes: ['API.Portal.OnePage'] },
  knw: { professionalId: 92, scopes: ['API.Portal.KNW', 'API.Portal.IDOne', 'API.Portal.PDC'] },
  manager: { professionalId: 1, scopes: [] },
  partner: { professionalId: 2, scopes: [] },
  member: { professionalId: 3, scopes: [] },
  outsider: { professionalId: 99, scopes: [] },
} satisfies Record<string, { professionalId: number; scopes: string[] }>;
type Who = keyof typeof PEOPLE;
const TEAM_PEOPLE: Who[] = ['manager', 'partner', 'member', 'adminOnTeam'];
const STATUSES = [1, 2, 3, 4, 5, 6];
const SETUP = { isSetup: true, submittedAt: null };
const OPEN = { isSetup: false, submittedAt: null };
const SUBMITTED = { isSetup: false, submittedAt: '2026-01-05T10:00:00.000Z' };

describe('sessionWriteRefusal: who writes to a session or its records, by session kind and status', () => {
  it('the setup session: Admin at any status, the team only in Setup (2), everyone else 403', () => {
    for (const who of Object.keys(PEOPLE) as Who[])
      for (const status of STATUSES) {
        const isAdmin = who === 'admin' || who === 'adminOnTeam';
        const allowed = isAdmin || (TEAM_PEOPLE.includes(who) && status === 2);
        const r = sessionWriteRefusal(PEOPLE[who], TEAM, status, SETUP);
        expect(r === null, `${who} at ${status}`).toBe(allowed);
        if (r) expect(r.status).toBe(403);
        // a submitted flag never matters for the setup session
        expect(canWriteSessionRecords(PEOPLE[who], TEAM, status, { ...SETUP, submittedAt: new Date() })).toBe(
          allowed,
        );
      }
  });

  it('an open During session: the team, Admin and OnePage at any status; KNW/IDOne/PDC and outsiders 403', () => {
    for (const who of Object.keys(PEOPLE) as Who[])
      for (const status of STATUSES) {
        const allowed = !['knw', 'outsider'].includes(who);
        const r = sessionWriteRefusal(PEOPLE[who], TEAM, status, OPEN);
        expect(r === null, `${who} at ${status}`).toBe(allowed);
        if (r) expect(r).toEqual({ status: 403, message: 'Only team members may work on project sessions' });
      }
  });

  it('a submitted During session: 409 for everyone who works on sessions (403 stays 403)', () => {
    for (const who of Object.keys(PEOPLE) as Who[]) {
      const r = sessionWriteRefusal(PEOPLE[who], TEAM, 3, SUBMITTED);
      expect(r?.status, who).toBe(['knw', 'outsider'].includes(who) ? 403 : 409);
      if (r?.status === 409) expect(r.message).toBe(SESSION_SUBMITTED_MESSAGE);
      expect(canWriteSessionRecords(PEOPLE[who], TEAM, 3, SUBMITTED)).toBe(false);
    }
  });

  it('the route rule (sessionRecordsEdit) is the broadest: it allows everyone any session kind allows', () => {
    for (const who of Object.keys(PEOPLE) as Who[])
      for (const status of STATUSES) {
        const user = PEOPLE[who];
        const some = [SETUP, OPEN].some((k) => canWriteSessionRecords(user, TEAM, status, k));
        expect(mayWriteSomeSession(user, TEAM, status), `${who} at ${status}`).toBe(some);
        expect(
          RULES.sessionRecordsEdit.allows({ user, team: TEAM, project: { id: 1, idStatus: status } }),
        ).toBe(some);
      }
  });
});

describe('reads and the session workers', () => {
  it('setup records are read by everyone; a During session by the team, Admin and OnePage', () => {
    for (const who of Object.keys(PEOPLE) as Who[]) {
      expect(canReadSessionRecords(PEOPLE[who], TEAM, SETUP)).toBe(true);
      const worker = !['knw', 'outsider'].includes(who);
      expect(canReadSessionRecords(PEOPLE[who], TEAM, OPEN), who).toBe(worker);
      expect(canReadSessionRecords(PEOPLE[who], TEAM, SUBMITTED), who).toBe(worker);
      expect(canWorkOnSessions(PEOPLE[who], TEAM), who).toBe(worker);
    }
    expect(canWorkOnSessions(PEOPLE.member, [])).toBe(false);
  });
});

describe('stakeholderNameKey', () => {
  it('compares trimmed, inner spaces collapsed, case- and accent-insensitive', () => {
    expect(stakeholderNameKey('  Hélena   SOUZA ')).toBe('helena souza');
    expect(stakeholderNameKey('João Ção')).toBe(stakeholderNameKey('joao cao'));
    expect(stakeholderNameKey('Ana Lima')).not.toBe(stakeholderNameKey('Ana Lima Jr'));
    expect(stakeholderNameKey('   ')).toBe('');
  });
});

// --- During sessions — edit, delete, submit and undo
describe('sessionActionRefusal: who may edit, delete, submit and undo a session, and when', () => {
  const ACTIONS: SessionAction[] = ['edit', 'delete', 'submit', 'undo'];
  const WORKERS: Who[] = ['admin', 'adminOnTeam', 'governance', 'manager', 'partner', 'member'];

  it('KNW/IDOne/PDC and outsiders: 403 for every action on every session kind', () => {
    for (const who of ['knw', 'outsider'] as Who[])
      for (const action of ACTIONS)
        for (const kind of [SETUP, OPEN, SUBMITTED]) {
          expect(sessionActionRefusal(action, PEOPLE[who], TEAM, kind)).toEqual({
            status: 403,
            message: 'Only team members may work on project sessions',
          });
          expect(canDoSessionAction(action, PEOPLE[who], TEAM, kind)).toBe(false);
        }
  });

  it('the setup session: 409 for every action, for everyone who works on sessions', () => {
    for (const who of WORKERS)
      for (const action of ACTIONS)
        expect(sessionActionRefusal(action, PEOPLE[who], TEAM, SETUP), `${who} ${action}`).toEqual({
          status: 409,
          message: SETUP_SESSION_MESSAGE,
        });
  });

  it('an open session: edit, delete and submit allowed, undo 409', () => {
    for (const who of WORKERS) {
      for (const action of ['edit', 'delete', 'submit'] as SessionAction[])
        expect(sessionActionRefusal(action, PEOPLE[who], TEAM, OPEN), `${who} ${action}`).toBeNull();
      expect(sessionActionRefusal('undo', PEOPLE[who], TEAM, OPEN)).toEqual({
        status: 409,
        message: SESSION_NOT_SUBMITTED_MESSAGE,
      });
    }
  });

  it('a submitted session (string or Date): undo allowed, edit / delete / submit 409 with their messages', () => {
    for (const submitted of [SUBMITTED, { isSetup: false, submittedAt: new Date() }])
      for (const who of WORKERS) {
        const u = PEOPLE[who];
        expect(sessionActionRefusal('undo', u, TEAM, submitted)).toBeNull();
        expect(sessionActionRefusal('edit', u, TEAM, submitted)).toEqual({
          status: 409,
          message: SESSION_SUBMITTED_MESSAGE,
        });
        expect(sessionActionRefusal('delete', u, TEAM, submitted)).toEqual({
          status: 409,
          message: SESSION_DELETE_SUBMITTED_MESSAGE,
        });
        expect(sessionActionRefusal('submit', u, TEAM, submitted)).toEqual({
          status: 409,
          message: SESSION_ALREADY_SUBMITTED_MESSAGE,
        });
      }
  });

  it('the route rule (projectSessions) admits exactly those who work on sessions', () => {
    for (const who of Object.keys(PEOPLE) as Who[])
      expect(
        RULES.projectSessions.allows({ user: PEOPLE[who], team: TEAM, project: { id: 1, idStatus: 3 } }),
        who,
      ).toBe(canWorkOnSessions(PEOPLE[who], TEAM));
  });
});

describe('SESSION_ANSWERS (adjustScope, deliveringClientNeeds)', () => {
  it('are 1 Yes, 2 No, 3 Partially', () => {
    expect(SESSION_ANSWERS.map((a) => [a.value, a.label])).toEqual([
      [1, 'Yes'],
      [2, 'No'],
      [3, 'Partially'],
    ]);
    expect(sessionAnswerLabel(3)).toBe('Partially');
    expect(sessionAnswerLabel(null)).toBe('');
    expect(sessionAnswerLabel(4)).toBe('');
  });
});
