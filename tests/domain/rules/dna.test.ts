import { describe, expect, it } from 'vitest';
import {
  DNA_ANSWERS,
  DNA_CLOSED_MESSAGE,
  DNA_CLOSED_STATUSES,
  DNA_NEXT_DATE_MESSAGE,
  DNA_QUESTION,
  DNA_ROWS_DENIED_MESSAGE,
  DNA_SESSIONS_DENIED_MESSAGE,
  DNA_SESSION_TYPE,
  RULES,
  SETUP_RECORDS_DENIED_MESSAGE,
  canEditDnaSessions,
  canEditSetup,
  canWorkOnDnaSessions,
  dnaAnswerLabel,
  dnaEntryTakenMessage,
  dnaRowDeniedMessage,
  dnaRowWriteRefusal,
  dnaSessionDatesRefusal,
  dnaSessionWriteRefusal,
  mayWriteSomeDnaRow,
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
  governanceOnTeam: { professionalId: 2, scopes: ['API.Portal.OnePage'] },
  others: { professionalId: 92, scopes: ['API.Portal.KNW', 'API.Portal.IDOne', 'API.Portal.PDC'] },
  manager: { professionalId: 1, scopes: [] },
  partner: { professionalId: 2, scopes: [] },
  member: { professionalId: 3, scopes: [] },
  outsider: { professionalId: 99, scopes: [] },
} satisfies Record<string, { professionalId: number; scopes: string[] }>;
type Who = keyof typeof PEOPLE;
const WHO = Object.keys(PEOPLE) as Who[];
const STATUSES = [1, 2, 3, 4, 5, 6];
/** Who works on DNA sessions: the team, Admin and OnePage holders. */
const WORKERS: Who[] = [
  'admin',
  'adminOnTeam',
  'governance',
  'governanceOnTeam',
  'manager',
  'partner',
  'member',
];
const ADMINS: Who[] = ['admin', 'adminOnTeam'];

describe('DNA session answers', () => {
  it('are 0 No, 1 Yes, 2 Not Applicable, under the spec’s question', () => {
    expect(DNA_QUESTION).toBe('Did this session meet your expectations?');
    expect(DNA_ANSWERS.map((a) => [a.value, a.label])).toEqual([
      [0, 'No'],
      [1, 'Yes'],
      [2, 'Not Applicable'],
    ]);
    expect([0, 1, 2, 3, null, undefined].map(dnaAnswerLabel)).toEqual([
      'No',
      'Yes',
      'Not Applicable',
      '',
      '',
      '',
    ]);
    expect(DNA_SESSION_TYPE).toEqual({ setup: 1, during: 2 });
  });
});

describe('who writes DNA sessions and entries', () => {
  it('the team and OnePage holders while the project is neither Draft nor Finished; Admin at every status', () => {
    expect(DNA_CLOSED_STATUSES).toEqual([1, 5]);
    for (const who of WHO) {
      const user = PEOPLE[who];
      expect(canWorkOnDnaSessions(user, TEAM), who).toBe(WORKERS.includes(who));
      for (const status of STATUSES) {
        const refusal = dnaSessionWriteRefusal(user, TEAM, status);
        const label = `${who} at ${status}`;
        if (!WORKERS.includes(who))
          expect(refusal, label).toEqual({ status: 403, message: DNA_SESSIONS_DENIED_MESSAGE });
        else if ([1, 5].includes(status) && !ADMINS.includes(who))
          expect(refusal, label).toEqual({ status: 403, message: DNA_CLOSED_MESSAGE });
        else expect(refusal, label).toBeNull();
        expect(canEditDnaSessions(user, TEAM, status), label).toBe(refusal === null);
      }
    }
  });

  it('an empty team leaves only Admin and OnePage holders', () => {
    for (const who of WHO)
      expect(canEditDnaSessions(PEOPLE[who], [], 3), who).toBe(
        ['admin', 'adminOnTeam', 'governance', 'governanceOnTeam'].includes(who),
      );
  });

  it('one DNA row: setup rows as the setup pages, During entries as DNA sessions', () => {
    for (const who of WHO)
      for (const status of STATUSES) {
        const user = PEOPLE[who];
        const label = `${who} at ${status}`;
        expect(dnaRowWriteRefusal(user, TEAM, status, 1), label).toEqual(
          canEditSetup(user, TEAM, status) ? null : { status: 403, message: SETUP_RECORDS_DENIED_MESSAGE },
        );
        expect(dnaRowWriteRefusal(user, TEAM, status, 2), label).toEqual(
          dnaSessionWriteRefusal(user, TEAM, status),
        );
        // the route's rule admits whoever may write one kind or the other
        expect(mayWriteSomeDnaRow(user, TEAM, status), label).toBe(
          dnaRowWriteRefusal(user, TEAM, status, 1) === null ||
            dnaRowWriteRefusal(user, TEAM, status, 2) === null,
        );
      }
    // a member in Setup writes both kinds; in During only entries; in Finished neither
    expect(dnaRowWriteRefusal(PEOPLE.member, TEAM, 2, 1)).toBeNull();
    expect(dnaRowWriteRefusal(PEOPLE.member, TEAM, 3, 1)?.status).toBe(403);
    expect(dnaRowWriteRefusal(PEOPLE.member, TEAM, 3, 2)).toBeNull();
    expect(mayWriteSomeDnaRow(PEOPLE.member, TEAM, 5)).toBe(false);
  });

  it('the refusal messages of the row rule', () => {
    expect(dnaRowDeniedMessage(PEOPLE.outsider, TEAM)).toBe(DNA_ROWS_DENIED_MESSAGE);
    expect(dnaRowDeniedMessage(PEOPLE.others, TEAM)).toBe(DNA_ROWS_DENIED_MESSAGE);
    expect(dnaRowDeniedMessage(PEOPLE.member, TEAM)).toBe(DNA_CLOSED_MESSAGE);
    expect(dnaEntryTakenMessage('Carla Costa')).toBe('Carla Costa already has an entry in this DNA session');
  });

  it('the RULES entries apply the same functions (deniedFor gives the specific message)', () => {
    const access = (who: Who, idStatus: number) => ({
      user: PEOPLE[who],
      project: { id: 3, idStatus },
      team: TEAM,
    });
    for (const who of WHO)
      for (const status of STATUSES) {
        const a = access(who, status);
        expect(RULES.dnaSessionsEdit.allows(a), `${who} ${status}`).toBe(
          canEditDnaSessions(a.user, TEAM, status),
        );
        expect(RULES.professionalDnaEdit.allows(a), `${who} ${status}`).toBe(
          mayWriteSomeDnaRow(a.user, TEAM, status),
        );
      }
    expect(RULES.dnaSessionsEdit.deniedFor?.(access('member', 5))).toBe(DNA_CLOSED_MESSAGE);
    expect(RULES.dnaSessionsEdit.deniedFor?.(access('outsider', 3))).toBe(DNA_SESSIONS_DENIED_MESSAGE);
    expect(RULES.professionalDnaEdit.deniedFor?.(access('outsider', 3))).toBe(DNA_ROWS_DENIED_MESSAGE);
    expect(RULES.dnaSessionsEdit.name).toBe('dnaSessionsEdit');
    expect(RULES.professionalDnaEdit.name).toBe('professionalDnaEdit');
  });
});

describe('DNA session dates', () => {
  it('the next session date is not before the session date; missing dates are not compared', () => {
    expect(dnaSessionDatesRefusal('2026-03-02', '2026-03-01')).toBe(DNA_NEXT_DATE_MESSAGE);
    expect(dnaSessionDatesRefusal('2026-03-02', '2025-12-31')).toBe(DNA_NEXT_DATE_MESSAGE);
    expect(dnaSessionDatesRefusal('2026-03-02', '2026-03-02')).toBeNull();
    expect(dnaSessionDatesRefusal('2026-03-02', '2026-03-16')).toBeNull();
    expect(dnaSessionDatesRefusal('2026-03-02T23:00:00Z', '2026-03-02')).toBeNull();
    expect(dnaSessionDatesRefusal('2026-03-02', null)).toBeNull();
    expect(dnaSessionDatesRefusal(null, '2026-03-02')).toBeNull();
    expect(dnaSessionDatesRefusal(undefined, undefined)).toBeNull();
    expect(DNA_NEXT_DATE_MESSAGE).toBe('The next session date cannot be before the session date');
  });
});
