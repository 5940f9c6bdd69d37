import { guid, type SeedDb } from './context';

/** DEMO-DATA.md people, in table order (ids 1–12 on a fresh database). */
export const DEMO_PEOPLE = [
  ['alice.admin', 'Alice Almeida', 'Director', ['API.Portal.Admin']],
  ['gil.governance', 'Gil Gomes', 'Manager', ['API.Portal.OnePage']],
  ['kim.knm', 'Kim Kato', 'Analyst', ['API.Portal.KNW']],
  ['ida.idone', 'Ida Ikeda', 'Specialist', ['API.Portal.IDOne']],
  ['pedro.pdc', 'Pedro Prado', 'Manager', ['API.Portal.PDC']],
  ['marcos.manager', 'Marcos Moura', 'Manager', []],
  ['paula.partner', 'Paula Pereira', 'Partner', []],
  ['dora.director', 'Dora Duarte', 'Director', []],
  ['carla.consultant', 'Carla Costa', 'Consultant', []],
  ['ivan.intern', 'Ivan Ito', 'Intern', []],
  ['oscar.outsider', 'Oscar Oliveira', 'Consultant', []],
  ['rita.retired', 'Rita Ramos', 'Consultant', []],
] as const;

export type DemoLogin = (typeof DEMO_PEOPLE)[number][0];

/** The team of every DEMO project (DEMO-DATA.md "on the DEMO teams as"), in insertion order. */
export const DEMO_TEAM = [
  { login: 'marcos.manager', isManager: true, isPartner: false, isOnePageAllow: false },
  { login: 'paula.partner', isManager: false, isPartner: true, isOnePageAllow: false },
  { login: 'dora.director', isManager: false, isPartner: false, isOnePageAllow: true },
  { login: 'carla.consultant', isManager: false, isPartner: false, isOnePageAllow: false },
  { login: 'ivan.intern', isManager: false, isPartner: false, isOnePageAllow: false },
] as const satisfies readonly {
  login: DemoLogin;
  isManager: boolean;
  isPartner: boolean;
  isOnePageAllow: boolean;
}[];

/** The e-mail of every seeded person: `<login>@example.com`. */
export const demoEmail = (login: string) => `${login}@example.com`;

/**
 * The DEMO people, keyed by login (e-mail and photo GUID are unique too): people who already exist
 * are kept. Returns login → id as found in this database, whatever the sequence handed out.
 */
export async function seedPeople(db: SeedDb): Promise<Map<string, number>> {
  await db
    .insertInto('professionals')
    .values(
      DEMO_PEOPLE.map(([login, name, jobTitle, scopes], i) => ({
        name,
        email: demoEmail(login),
        login,
        jobTitle,
        photoGuid: guid(i + 1),
        isActive: login !== 'rita.retired',
        practiceId: (i % 8) + 1,
        comanagementId: (i % 4) + 1,
        businessUnits: ['Brazil'],
        scopes: [...scopes],
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const logins = DEMO_PEOPLE.map(([login]) => login);
  const rows = await db
    .selectFrom('professionals')
    .select(['id', 'login'])
    .where('login', 'in', logins)
    .execute();
  const ids = new Map(rows.map((r) => [r.login, r.id]));
  const missing = logins.filter((l) => !ids.has(l));
  if (missing.length > 0) {
    // e.g. another person already holds the e-mail or photo GUID of a DEMO login
    throw new Error(`seed: DEMO people could not be created: ${missing.join(', ')}`);
  }
  return ids;
}
