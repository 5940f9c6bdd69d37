import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modules } from '@server/modules';
import crm from '@server/modules/crm/routes';
import { NOT_A_DIRECTOR, NOT_A_PARTNER, NOT_IN_TEAM, RECIPIENT_REFUSED } from '@server/modules/crm/service';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

/**
 * The CRM backend under /crm (the stakeholder status, validation and normalisation, the candidates and the
 * approval recipient): lookups, contacts per project, company, create-bulk, responsibles, sendEmail; forbidden
 * (oscar.outsider), bad input with every message.
 */
if (!modules.includes(crm)) modules.push(crm);

let ctx: TestContext;
let CLOSURE: number; // DEMO-CLOSURE: full team (manager, partner, director)
let CLOSEOUT: number; // partner only on the team (directors removed): PendingPartner
let PAUSED: number; // no partner nor director candidate on the team: Pending
const who: Record<string, number> = {};
const mail = (login: string) => `${login}@example.com`;

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  CLOSURE = ids.project['DEMO-CLOSURE']!;
  CLOSEOUT = ids.project['DEMO-CLOSEOUT']!;
  PAUSED = ids.project['DEMO-PAUSED']!;
  Object.assign(who, ids.person);
  const drop = async (projectId: number, logins: string[]) =>
    ctx.db
      .deleteFrom('projectTeam')
      .where('projectId', '=', projectId)
      .where(
        'professionalId',
        'in',
        logins.map((l) => who[l]!),
      )
      .execute();
  await drop(CLOSEOUT, ['marcos.manager', 'dora.director']);
  await drop(PAUSED, ['marcos.manager', 'dora.director', 'paula.partner']);
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('crmContacts').execute();
  await ctx.db.deleteFrom('mailOutbox').execute();
});

/** A valid contact of the stakeholder grid, responsibles of DEMO-CLOSURE. */
const contact = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  masterEmailAddress: 'ana.souza@client.com',
  stakeholderGroup: 'CLIENT',
  position: 'CFO',
  classification: 'Decision Maker',
  gender: 'SHE',
  language: ['Portuguese'],
  groupPosition: 'C-Level',
  groupArea: 'Finance',
  responsibleOffice: 'São Paulo',
  responsibleWrite: mail('dora.director'),
  responsibleSign: [mail('paula.partner')],
  industry: 'Banking',
  residentCountry: 'Brazil',
  linkedin: 'https://www.linkedin.com/in/ana-souza',
  createdBy: mail('carla.consultant'),
  partnerResponsible: mail('paula.partner'),
  directorResponsible: mail('dora.director'),
  ...over,
});
const save = (login: string, data: unknown[], idProject = CLOSURE) =>
  request(ctx, login).post('/crm/profile/create-bulk', { data, idProject, projectName: 'ignored' });
const stored = (projectId: number) =>
  ctx.db.selectFrom('crmContacts').selectAll().where('projectId', '=', projectId).execute();

describe('lookups (GET, signed in)', () => {
  it('classifications filtered to CLIENT', async () => {
    const res = await request(ctx, 'oscar.outsider').get('/crm/crm-classifications');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { name: string; stakeholderTypes: string[] }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.stakeholderTypes.includes('CLIENT'))).toBe(true);
    expect(rows.map((r) => r.name)).toContain('User');
    expect(rows.map((r) => r.name)).not.toContain('Supplier Contact');
  });

  it('area-positions of type 1 (area) and 2 (group position)', async () => {
    const rows = (await request(ctx, 'carla.consultant').get('/crm/area-positions')).json() as {
      type: number;
    }[];
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([1, 2]));
  });

  it.each(['geographies', 'offices', 'industries', 'languages'])(
    '/crm/%s is a non-empty id/name list',
    async (p) => {
      const res = await request(ctx, 'carla.consultant').get(`/crm/${p}`);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { id: number; name: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(typeof rows[0]!.name).toBe('string');
    },
  );

  it('offers no deactivated item (Admin › Master data), and offers it again once reactivated', async () => {
    const admin = await ctx.auth('alice.admin');
    const cases = [
      ['crm-industries', '/crm/industries'],
      ['crm-classifications', '/crm/crm-classifications'],
      ['crm-area-positions', '/crm/area-positions'],
      ['crm-languages', '/crm/languages'],
    ] as const;
    for (const [list, path] of cases) {
      const before = (await request(ctx, 'carla.consultant').get(path)).json() as {
        id: number;
        name: string;
      }[];
      const item = before[0]!;
      const off = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/master-data/${list}/${item.id}/deactivate`,
        headers: admin,
      });
      expect(off.statusCode, `${list}: ${off.body}`).toBe(200);
      const offered = (await request(ctx, 'carla.consultant').get(path)).json() as { id: number }[];
      expect(offered.map((r) => r.id)).not.toContain(item.id);
      const on = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/master-data/${list}/${item.id}/reactivate`,
        headers: admin,
      });
      expect(on.statusCode).toBe(200);
      expect(
        ((await request(ctx, 'carla.consultant').get(path)).json() as { id: number }[]).map((r) => r.id),
      ).toContain(item.id);
    }
  });

  it('professionals with id, name, email (active only)', async () => {
    const rows = (await request(ctx, 'carla.consultant').get('/crm/professional')).json() as {
      id: number;
      email: string;
    }[];
    expect(rows).toContainEqual({
      id: who['dora.director'],
      name: 'Dora Duarte',
      email: mail('dora.director'),
    });
    expect(rows.some((r) => r.email === mail('rita.retired'))).toBe(false);
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/crm/offices' })).statusCode).toBe(401);
  });

  it('company by client: name, economic group, industry of the latest saved contact', async () => {
    const p = await ctx.db
      .selectFrom('projects')
      .innerJoin('clients', 'clients.id', 'projects.clientId')
      .select(['clients.id', 'clients.name', 'clients.economicGroup'])
      .where('projects.id', '=', CLOSURE)
      .executeTakeFirstOrThrow();
    let res = await request(ctx, 'oscar.outsider').get(`/crm/company/${p.id}`);
    expect(res.json()).toEqual({ id: p.id, name: p.name, economicGroup: p.economicGroup, industry: null });
    expect((await save('carla.consultant', [contact()])).statusCode).toBe(200);
    res = await request(ctx, 'oscar.outsider').get(`/crm/company/${p.id}`);
    expect(res.json().industry).toBe('Banking');
    expect((await request(ctx, 'carla.consultant').get('/crm/company/999999')).statusCode).toBe(404);
    expect((await request(ctx, 'carla.consultant').get('/crm/company/abc')).statusCode).toBe(400);
  });
});

describe('POST /crm/profile/create-bulk', () => {
  it('normalises, stores with status and answers the saved contacts; contactPerProject lists them', async () => {
    const res = await save('carla.consultant', [
      contact({
        firstName: '  ana MARIA ',
        lastName: 'de SOUZA',
        masterEmailAddress: ' Ana.Souza @@Client.COM ',
        personalEmail: 'ANA@@Home.com',
        phone: '55 (11) 99999-8888 77',
        linkedin: 'ignored',
        linkedinNotFound: true,
        idOnPortal: 41,
        language: 'Portuguese, English',
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const [c] = res.json();
    expect(c).toMatchObject({
      firstName: 'Ana Maria',
      lastName: 'De Souza',
      name: 'Ana Maria De Souza',
      masterEmailAddress: 'ana.souza@client.com',
      personalEmail: 'ana@home.com',
      phone: '+55 11 999998888',
      linkedin: 'NoData',
      language: ['Portuguese', 'English'],
      stakeholderGroup: 'CLIENT',
      idProject: CLOSURE,
      idOnPortal: 41,
      status: 'PendingDirector',
      version: 1,
      isActive: true,
    });
    expect(c.projectName).not.toBe('ignored');
    const rows = await stored(CLOSURE);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PendingDirector', directorResponsible: mail('dora.director') });
    expect((rows[0]!.data as Record<string, unknown>).masterEmailAddress).toBe('ana.souza@client.com');

    const list = await request(ctx, 'oscar.outsider').get(`/crm/contactPerProject/${CLOSURE}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([c]);
    expect((await request(ctx, 'carla.consultant').get('/crm/contactPerProject/999999')).statusCode).toBe(
      404,
    );
    const history = await ctx.db
      .selectFrom('projectChanges')
      .select('subject')
      .where('projectId', '=', CLOSURE)
      .where('area', '=', 'CRM')
      .execute();
    expect(history.map((h) => h.subject)).toContain('Stakeholder Ana Maria De Souza');
  });

  it('linked contacts saved again are updated, not duplicated (same e-mail, same portal id, same id)', async () => {
    const first = (
      await save('carla.consultant', [
        contact(),
        contact({ masterEmailAddress: 'bo@client.com', idOnPortal: 7 }),
      ])
    ).json();
    expect(first).toHaveLength(2);
    const again = await save('dora.director', [
      contact({ masterEmailAddress: 'ANA.SOUZA@client.com', position: 'CEO' }),
      contact({ masterEmailAddress: 'bo.new@client.com', idOnPortal: 7, firstName: 'bo' }),
    ]);
    expect(again.statusCode).toBe(200);
    const [a, b] = again.json();
    expect(a).toMatchObject({ id: first[0].id, position: 'CEO', version: 2 });
    expect(b).toMatchObject({ id: first[1].id, masterEmailAddress: 'bo.new@client.com', firstName: 'Bo' });
    const byId = await save('carla.consultant', [
      contact({ id: first[0].id, masterEmailAddress: 'ana@other.com' }),
    ]);
    expect(byId.json()[0]).toMatchObject({ id: first[0].id, version: 3 });
    expect(await stored(CLOSURE)).toHaveLength(2);
    // the same contact twice in one request is one row
    await save('carla.consultant', [
      contact({ masterEmailAddress: 'z@c.com' }),
      contact({ masterEmailAddress: 'z@c.com' }),
    ]);
    expect(await stored(CLOSURE)).toHaveLength(3);
  });

  it('status: PendingPartner with only a partner, Pending with neither; a status on the row is kept', async () => {
    let res = await save(
      'carla.consultant',
      [contact({ directorResponsible: '0', partnerResponsible: mail('paula.partner') })],
      CLOSEOUT,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].status).toBe('PendingPartner');
    res = await save(
      'carla.consultant',
      [contact({ directorResponsible: '', partnerResponsible: null })],
      PAUSED,
    );
    expect(res.json()[0].status).toBe('Pending');
    res = await save(
      'carla.consultant',
      [contact({ directorResponsible: '', partnerResponsible: '', status: 'PendingPartner' })],
      PAUSED,
    );
    expect(res.json()[0].status).toBe('Pending'); // kept from the stored row
    await ctx.db.deleteFrom('crmContacts').execute();
    res = await save(
      'carla.consultant',
      [contact({ partnerResponsible: '', directorResponsible: '', status: 'PendingPartner' })],
      PAUSED,
    );
    expect(res.json()[0].status).toBe('PendingPartner'); // already on the row as sent
  });

  it('accepts responsibles by professional id as well as e-mail; Admin off the team may save', async () => {
    const res = await save('alice.admin', [
      contact({
        createdBy: String(who['ivan.intern']),
        partnerResponsible: who['paula.partner'],
        directorResponsible: String(who['marcos.manager']),
      }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].status).toBe('PendingDirector');
  });

  it('refuses people off the team (403) and stores nothing', async () => {
    const res = await save('oscar.outsider', [contact()]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only the project's team may save its CRM contacts");
    expect(await stored(CLOSURE)).toHaveLength(0);
  });

  it('answers every validation message, naming the contact', async () => {
    const res = await save('carla.consultant', [
      contact(),
      {
        createdBy: mail('carla.consultant'),
        partnerResponsible: mail('paula.partner'),
        directorResponsible: mail('dora.director'),
      },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(
      'Contact 2: First Name is required, Last Name is required, CRM Classification is required, Professional Email is required, Position Name is required, Standard Area/Department is required, Standard Position is required, Integration Focal Point is required, Integration Other Contacts is required, Responsible Office is required, Industry is required, Resident Country is required, Language is required, Pronoun is required, LinkedIn is required',
    );
    expect(body.errors).toEqual([{ index: 1, name: 'Contact 2', messages: expect.any(Array) }]);

    const formats = await save('carla.consultant', [
      contact({ masterEmailAddress: 'ana@client', personalEmail: 'home', phone: '+55 11' }),
      contact({ firstName: 'bo', lastName: 'li', masterEmailAddress: 'bo@c.com', phone: '12' }),
    ]);
    expect(formats.statusCode).toBe(400);
    expect(formats.json().message).toBe(
      'Contact 1 (Ana Souza): Invalid Professional Email, Invalid Personal Email, Invalid phone format; Contact 2 (Bo Li): Invalid phone format',
    );
    expect(await stored(CLOSURE)).toHaveLength(0);
  });

  it('responsibles: the list of missing ones, and each one a fitting team member', async () => {
    let res = await save('carla.consultant', [
      contact({ createdBy: '', partnerResponsible: '0', directorResponsible: 0 }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Please select the following responsibles: Partner Responsible, Director Responsible (Manager/Director), Responsible to Fulfill',
    );
    res = await save('carla.consultant', [contact({ createdBy: '' })], PAUSED);
    expect(res.json().message).toBe('Please select the following responsibles: Responsible to Fulfill');
    res = await save('carla.consultant', [contact({ directorResponsible: mail('carla.consultant') })]);
    expect(res.json().message).toBe(NOT_A_DIRECTOR);
    res = await save('carla.consultant', [contact({ partnerResponsible: mail('dora.director') })]);
    expect(res.json().message).toBe(NOT_A_PARTNER);
    res = await save('carla.consultant', [contact({ createdBy: mail('oscar.outsider') })]);
    expect([res.statusCode, res.json().message]).toEqual([400, NOT_IN_TEAM]);
  });

  it('bad bodies are 400, an unknown project 404', async () => {
    expect(
      (
        await request(ctx, 'carla.consultant').post('/crm/profile/create-bulk', {
          data: [],
          idProject: CLOSURE,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await request(ctx, 'carla.consultant').post('/crm/profile/create-bulk', { data: [contact()] }))
        .statusCode,
    ).toBe(400);
    expect((await save('carla.consultant', [contact({ gender: 'IT' })])).statusCode).toBe(400);
    expect((await save('carla.consultant', [contact({ dayBirth: 32 })])).statusCode).toBe(400);
    const missing = await save('carla.consultant', [contact()], 999999);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Project 999999 not found']);
  });
});

describe('PUT /crm/updateContactPerProjectResponsible', () => {
  const put = (login: string, body: unknown, headers = {}) =>
    request(ctx, login).put('/crm/updateContactPerProjectResponsible', body, { headers });

  it('sets the responsibles and recomputes the status', async () => {
    const [c] = (await save('carla.consultant', [contact({ directorResponsible: '' })], CLOSEOUT)).json();
    expect(c.status).toBe('PendingPartner');
    // dora joins the team: a director can now be chosen
    await ctx.db
      .insertInto('projectTeam')
      .values({ projectId: CLOSEOUT, professionalId: who['dora.director']! })
      .execute();
    try {
      const res = await put('paula.partner', [{ ...c, directorResponsible: mail('dora.director') }]);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({
        id: c.id,
        status: 'PendingDirector',
        version: 2,
        directorResponsible: mail('dora.director'),
      });
      const [row] = await stored(CLOSEOUT);
      expect(row).toMatchObject({ status: 'PendingDirector', directorResponsible: mail('dora.director') });
      // absent fields keep their value
      const again = await put('paula.partner', [{ id: String(c.id), createdBy: mail('ivan.intern') }]);
      expect(again.json()[0]).toMatchObject({
        createdBy: mail('ivan.intern'),
        directorResponsible: mail('dora.director'),
        version: 3,
      });
      // the responsibles rules apply here too
      const refused = await put('paula.partner', [{ id: c.id, directorResponsible: '0' }]);
      expect(refused.json().message).toBe(
        'Please select the following responsibles: Director Responsible (Manager/Director)',
      );
    } finally {
      await ctx.db
        .deleteFrom('projectTeam')
        .where('projectId', '=', CLOSEOUT)
        .where('professionalId', '=', who['dora.director']!)
        .execute();
    }
  });

  it('412 when stale (version in the item, or If-Match for one contact)', async () => {
    const [c] = (await save('carla.consultant', [contact()])).json();
    let res = await put('carla.consultant', [
      { id: c.id, version: 5, directorResponsible: mail('marcos.manager') },
    ]);
    expect(res.statusCode).toBe(412);
    expect(res.json().current).toMatchObject({ id: c.id, version: 1 });
    res = await put('carla.consultant', [{ id: c.id, directorResponsible: mail('marcos.manager') }], {
      'if-match': '"4"',
    });
    expect(res.statusCode).toBe(412);
    res = await put('carla.consultant', [{ id: c.id, directorResponsible: mail('marcos.manager') }], {
      'if-match': '"1"',
    });
    expect(res.statusCode).toBe(200);
  });

  it('403 off the team, 404 unknown contact, 400 bad body', async () => {
    const [c] = (await save('carla.consultant', [contact()])).json();
    const res = await put('oscar.outsider', [{ id: c.id, directorResponsible: mail('marcos.manager') }]);
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      "Only the project's team may save its CRM contacts",
    ]);
    expect((await stored(CLOSURE))[0]!.directorResponsible).toBe(mail('dora.director'));
    const unknown = await put('carla.consultant', [{ id: 999999 }]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'CRM contact 999999 not found']);
    expect((await put('carla.consultant', [])).statusCode).toBe(400);
    expect((await put('carla.consultant', [{ id: 'x' }])).statusCode).toBe(400);
    expect((await put('carla.consultant', { id: c.id })).statusCode).toBe(400);
  });
});

describe('POST /crm/sendEmail', () => {
  const send = (login: string, body: Record<string, unknown>) =>
    request(ctx, login).post('/crm/sendEmail', body);
  const base = { subject: 'CRM review', text: '<p>Please review</p>' };

  it('mails the director the summary (project, client, number of stakeholders, review link)', async () => {
    await save('carla.consultant', [contact(), contact({ masterEmailAddress: 'bo@c.com', firstName: 'Bo' })]);
    const res = await send('carla.consultant', { ...base, to: mail('dora.director'), idProject: CLOSURE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ to: mail('dora.director'), idProject: CLOSURE, stakeholders: 2 });
    const project = await ctx.db
      .selectFrom('projects')
      .innerJoin('clients', 'clients.id', 'projects.clientId')
      .select(['projects.code', 'projects.name', 'clients.name as client'])
      .where('projects.id', '=', CLOSURE)
      .executeTakeFirstOrThrow();
    const [m, ...more] = await ctx.db.selectFrom('mailOutbox').selectAll().execute();
    expect(more).toHaveLength(0);
    expect(m).toMatchObject({ toAddress: mail('dora.director'), subject: 'CRM review' });
    expect(m!.body).toContain(project.code);
    expect(m!.body).toContain(project.name.replace(/&/g, '&amp;'));
    expect(m!.body).toContain(project.client.replace(/&/g, '&amp;'));
    expect(m!.body).toContain('Stakeholders: 2');
    expect(m!.body).toContain(`/project/${CLOSURE}/closure/internal?crm`);
    expect(m!.body).not.toContain('Please review'); // the caller's HTML is not relayed
  });

  it('finds the project from the recipient when idProject is absent', async () => {
    await save('carla.consultant', [contact()]);
    const res = await send('marcos.manager', { ...base, to: 'Dora.Director@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idProject: CLOSURE, stakeholders: 1 });
  });

  it('goes to the partner only when no director is set', async () => {
    await save('carla.consultant', [contact({ directorResponsible: '' })], CLOSEOUT);
    expect(
      (await send('carla.consultant', { ...base, to: mail('paula.partner'), idProject: CLOSEOUT }))
        .statusCode,
    ).toBe(200);
    await save('carla.consultant', [contact()]);
    const res = await send('carla.consultant', { ...base, to: mail('paula.partner'), idProject: CLOSURE });
    expect([res.statusCode, res.json().message]).toEqual([409, RECIPIENT_REFUSED]);
  });

  it('is no open relay: other recipients 409, people off the team 403, bad bodies 400', async () => {
    await save('carla.consultant', [contact()]);
    for (const to of ['someone@evil.example', mail('carla.consultant')]) {
      expect((await send('carla.consultant', { ...base, to, idProject: CLOSURE })).statusCode).toBe(409);
      expect((await send('carla.consultant', { ...base, to })).statusCode).toBe(409);
    }
    const forbidden = await send('oscar.outsider', {
      ...base,
      to: mail('dora.director'),
      idProject: CLOSURE,
    });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([
      403,
      "Only the project's team may save its CRM contacts",
    ]);
    expect((await send('oscar.outsider', { ...base, to: mail('dora.director') })).statusCode).toBe(403);
    expect(
      (await send('carla.consultant', { ...base, to: 'not-an-email', idProject: CLOSURE })).statusCode,
    ).toBe(400);
    expect(
      (await send('carla.consultant', { to: mail('dora.director'), idProject: CLOSURE })).statusCode,
    ).toBe(400);
    expect(
      (await send('carla.consultant', { ...base, to: mail('dora.director'), idProject: 999999 })).statusCode,
    ).toBe(404);
    expect(await ctx.db.selectFrom('mailOutbox').selectAll().execute()).toHaveLength(0);
  });
});

describe('rows written outside the service (the permission matrix inserts them so)', () => {
  it('are listed, updated and used for the approval recipient', async () => {
    const { id } = await ctx.db
      .insertInto('crmContacts')
      .values({
        projectId: CLOSURE,
        idOnPortal: null,
        status: 'PendingDirector',
        partnerResponsible: mail('paula.partner'),
        directorResponsible: mail('dora.director'),
        createdBy: mail('carla.consultant'),
        data: JSON.stringify({
          ...contact(),
          name: 'Ana Souza',
          idProject: CLOSURE,
          projectName: 'x',
          version: 1,
        }),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await request(ctx, 'carla.consultant').get(`/crm/contactPerProject/${CLOSURE}`)).json()[0].id,
    ).toBe(id);
    const put = await request(ctx, 'carla.consultant').put('/crm/updateContactPerProjectResponsible', [
      { id, directorResponsible: mail('marcos.manager') },
    ]);
    expect(put.statusCode).toBe(200);
    const res = await request(ctx, 'carla.consultant').post('/crm/sendEmail', {
      to: mail('marcos.manager'),
      subject: 'CRM review',
      text: 'x',
      idProject: CLOSURE,
    });
    expect(res.statusCode).toBe(200);
  });
});
