import { PROJECT_STATUS } from '@domain/constants';
import { onePageWeekOf } from '@domain/rules';
import { cleanName, foldName } from '@domain/rules/names';
import type { DB } from '../../../db';
import { ensureWeekOf } from '../../schedule-weeks/service';
import type { FileData, SheetData, SheetRow } from '../read';
import { ReportBuilder } from '../report';
import {
  breathe,
  cellOf,
  DAY_HINT,
  Lookup,
  mapSheet,
  parseDay,
  parseYesNo,
  sameSet,
  splitList,
  type SheetDef,
} from '../resolve';
import * as repo from '../repo';
import type { ImportKindModule, KindContext, Plan } from './types';

/**
 * The portfolio: projects with their teams. An .xlsx has two sheets, "Projects" (one row per project) and "Team"
 * (one row per member: project code, e-mail, role, one-page access); the Manager and Partner columns of Projects
 * are team members too. A CSV is one text with one row per team member, the project's columns repeated (or left
 * empty after the project's first row). Projects are matched by code (case ignored), clients and lists by name
 * (case, accents and spaces ignored), people by e-mail. When the file gives a project's team (Manager, Partner or
 * Team rows) that is the whole team: members not listed leave it; without any, the stored team stays.
 * A created project gets what POST /api/projects gives it (its first status line, an 'imported' history line); one
 * at During gets this week's one-page as the weekly job opens it (no earlier week).
 */
const PROJECTS: SheetDef = {
  name: 'Projects',
  columns: [
    { key: 'code', label: 'Code', required: true, example: 'PRJ-0001' },
    { key: 'name', label: 'Name', required: true, example: 'Operations turnaround' },
    { key: 'client', label: 'Client', example: '' },
    { key: 'practices', label: 'Practices', example: '', multi: true, note: 'Several separated by ;' },
    { key: 'offices', label: 'Offices', example: '', multi: true, note: 'Several separated by ;' },
    { key: 'scopes', label: 'Geographic scope', example: '', multi: true, note: 'Several separated by ;' },
    { key: 'methodologies', label: 'Methodology', example: '', multi: true, note: 'Several separated by ;' },
    { key: 'status', label: 'Status', example: 'During', note: 'Default: Draft' },
    { key: 'startDate', label: 'Start date', example: '2026-01-05', note: 'yyyy-mm-dd or dd/mm/yyyy' },
    { key: 'endDate', label: 'End date', example: '2026-06-30', note: 'yyyy-mm-dd or dd/mm/yyyy' },
    { key: 'manager', label: 'Manager', example: '', note: "The project leader's e-mail" },
    { key: 'partner', label: 'Partner', example: '', multi: true, note: "Partners' e-mails, separated by ;" },
  ],
};
const TEAM: SheetDef = {
  name: 'Team',
  columns: [
    { key: 'code', label: 'Project code', required: true, example: 'PRJ-0001' },
    { key: 'email', label: 'E-mail', required: true, example: '' },
    { key: 'role', label: 'Role', example: 'Member', note: 'Manager, Partner or Member (default)' },
    { key: 'access', label: 'One-page access', example: 'Yes', note: 'Yes or No (default No)' },
  ],
};
/** The CSV's team columns (the project's code is its Code column). */
const CSV_TEAM: SheetDef = {
  name: 'Projects',
  columns: [{ ...TEAM.columns[0]!, label: 'Code' }, ...TEAM.columns.slice(1)],
};

const ROLES = ['Manager', 'Partner', 'Member'] as const;
type Role = (typeof ROLES)[number];
const STATUS_NAMES: { id: number; name: string }[] = [
  ...Object.entries(PROJECT_STATUS).map(([id, s]) => ({ id: Number(id), name: s.name })),
  ...Object.entries(PROJECT_STATUS)
    .filter(([, s]) => s.adminLabel !== s.name)
    .map(([id, s]) => ({ id: Number(id), name: s.adminLabel })),
];
const STATUS_LABELS = Object.values(PROJECT_STATUS).map((s) => s.adminLabel);

const LINKS = [
  {
    key: 'practices',
    table: 'project_practices',
    column: 'practice_id',
    label: 'Practices',
    item: 'practice',
  },
  { key: 'offices', table: 'project_offices', column: 'office_id', label: 'Offices', item: 'office' },
  {
    key: 'scopes',
    table: 'project_geographic_scopes',
    column: 'geographic_scope_id',
    label: 'Geographic scope',
    item: 'geographic scope',
  },
  {
    key: 'methodologies',
    table: 'project_methodologies',
    column: 'methodology_id',
    label: 'Methodology',
    item: 'methodology',
  },
] as const;
type LinkKey = (typeof LINKS)[number]['key'];

interface Member {
  professionalId: number;
  email: string;
  role: Role;
  access?: boolean;
  /** Where the member is named (Team row, or the project's row). */
  sheet: string;
  n: number;
  fromTeamRow: boolean;
  /** What the import does with the member (set when compared). */
  action?: 'create' | 'update' | 'unchanged';
}
interface PlannedProject {
  n: number;
  code: string;
  name?: string;
  clientId?: number | null;
  idStatus?: number;
  startDate?: string | null;
  endDate?: string | null;
  links: Partial<Record<LinkKey, number[]>>;
  team?: Map<number, Member>;
}

/** The Projects and Team sheets of a file (a CSV: one sheet read twice, its rows after a project's first are team rows). */
function sheetsOf(file: FileData, report: ReportBuilder) {
  const find = (name: string): SheetData | undefined =>
    file.sheets.find((s) => foldName(s.name) === foldName(name));
  if (file.format === 'csv') {
    const sheet = file.sheets[0]!;
    const projects = mapSheet(sheet, PROJECTS, report);
    const team = mapSheet({ ...sheet }, CSV_TEAM, new ReportBuilder());
    return { projects, team, csv: true };
  }
  const projects = mapSheet(find(PROJECTS.name) ?? file.sheets[0], PROJECTS, report);
  const teamSheet = find(TEAM.name);
  const team = mapSheet(teamSheet, TEAM, report);
  return { projects, team, csv: false };
}

export const projectsKind: ImportKindModule = {
  kind: 'projects',
  label: 'Projects',
  sheets: [PROJECTS, TEAM],
  locks: [],
  async allowed(db) {
    const active = async (t: Parameters<typeof repo.masterItems>[1]) =>
      (await repo.masterItems(db, t)).filter((i) => i.active).map((i) => i.name);
    return {
      client: await active('clients'),
      practices: await active('practices'),
      offices: await active('offices'),
      scopes: await active('geographicScopes'),
      methodologies: await active('methodologies'),
      status: STATUS_LABELS,
      role: ROLES,
      access: ['Yes', 'No'],
    };
  },
  async plan(db: DB, file: FileData, ctx: KindContext): Promise<Plan> {
    const report = new ReportBuilder();
    const { projects: ps, team: ts, csv } = sheetsOf(file, report);
    const clients = new Lookup(await repo.masterItems(db, 'clients'));
    const lists: Record<LinkKey, Lookup<{ id: number; name: string; active: boolean }>> = {
      practices: new Lookup(await repo.masterItems(db, 'practices')),
      offices: new Lookup(await repo.masterItems(db, 'offices')),
      scopes: new Lookup(await repo.masterItems(db, 'geographicScopes')),
      methodologies: new Lookup(await repo.masterItems(db, 'methodologies')),
    };
    const statuses = new Lookup(STATUS_NAMES.map((s) => ({ ...s })));
    const people = new Map(
      (await db.selectFrom('professionals').select(['id', 'email', 'isActive', 'name']).execute()).map(
        (p) => [p.email.toLowerCase(), p],
      ),
    );
    let checked = 0;
    const tick = async () => {
      if (++checked % 1000 === 0) {
        ctx.progress.checked(checked);
        await breathe();
      }
    };

    // --- the Projects rows
    const planned = new Map<string, PlannedProject>(); // by lower-case code
    const firstRow = new Map<string, SheetRow>();
    const order: PlannedProject[] = [];
    for (const row of ps.rows) {
      const P = ps.name;
      const problem = (column: string, message: string) => report.problem(P, row.n, column, message);
      const code = cleanName(cellOf(ps, row, 'code') ?? '');
      const lower = code.toLowerCase();
      if (!code) {
        problem('Code', 'Code is required');
        await tick();
        continue;
      }
      if (code.length > 50) problem('Code', 'Code is longer than 50 characters');
      const prior = planned.get(lower);
      if (prior) {
        if (!csv) problem('Code', `Duplicate code "${code}": also on row ${prior.n}`);
        else {
          // a CSV team row: the project's columns empty or as on its first row
          const first = firstRow.get(lower)!;
          for (const c of PROJECTS.columns) {
            if (c.key === 'code' || c.key === 'manager' || c.key === 'partner') continue;
            const v = cellOf(ps, row, c.key);
            if (v && v !== cellOf(ps, first, c.key))
              problem(c.label, `${c.label} differs from the project's first row (${first.n})`);
          }
        }
        await tick();
        continue;
      }
      const p: PlannedProject = { n: row.n, code, links: {} };
      planned.set(lower, p);
      firstRow.set(lower, row);
      order.push(p);
      const name = cellOf(ps, row, 'name');
      if (name !== undefined) {
        if (!name) problem('Name', 'Name is required');
        else if (name.length > 300) problem('Name', 'Name is longer than 300 characters');
        else p.name = cleanName(name);
      }
      const client = cellOf(ps, row, 'client');
      if (client !== undefined) {
        if (!client) p.clientId = null;
        else {
          const hit = clients.find(client);
          if (!hit) problem('Client', `Unknown client "${client}"`);
          else p.clientId = hit.id;
        }
      }
      for (const l of LINKS) {
        const v = cellOf(ps, row, l.key);
        if (v === undefined) continue;
        const ids: number[] = [];
        for (const item of splitList(v)) {
          const hit = lists[l.key].find(item);
          if (!hit) problem(l.label, `Unknown ${l.item} "${item}"`);
          else if (!ids.includes(hit.id)) ids.push(hit.id);
        }
        p.links[l.key] = ids.sort((a, b) => a - b);
      }
      const status = cellOf(ps, row, 'status');
      if (status) {
        const hit = statuses.find(status);
        if (!hit) problem('Status', `Status: "${status}" is not one of ${STATUS_LABELS.join(', ')}`);
        else p.idStatus = hit.id;
      }
      for (const k of ['startDate', 'endDate'] as const) {
        const v = cellOf(ps, row, k);
        if (v === undefined) continue;
        const label = k === 'startDate' ? 'Start date' : 'End date';
        if (!v) p[k] = null;
        else {
          const day = parseDay(v);
          if (!day) problem(label, `${label}: "${v}" is not a date (${DAY_HINT})`);
          else p[k] = day;
        }
      }
      if (p.startDate && p.endDate && p.endDate < p.startDate)
        problem('End date', 'The end date is before the start date');
      // Manager and Partner columns: team members
      const addMember = (email: string, role: Role, column: string) => {
        const who = people.get(email.toLowerCase());
        if (!who) {
          problem(column, `No professional has the e-mail "${email}"`);
          return;
        }
        p.team ??= new Map();
        if (p.team.has(who.id)) {
          problem(column, `${email} is named twice on the team`);
          return;
        }
        p.team.set(who.id, {
          professionalId: who.id,
          email: email.toLowerCase(),
          role,
          sheet: P,
          n: row.n,
          fromTeamRow: false,
        });
      };
      const manager = cellOf(ps, row, 'manager');
      if (manager) addMember(manager.trim(), 'Manager', 'Manager');
      const partner = cellOf(ps, row, 'partner');
      if (partner) for (const e of splitList(partner.replace(/,/g, ';'))) addMember(e, 'Partner', 'Partner');
      await tick();
    }

    // --- the Team rows
    const teamRows: { n: number; sheet: string; code: string; p?: PlannedProject; member?: Member }[] = [];
    for (const row of ts.rows) {
      const T = ts.name;
      const email = (cellOf(ts, row, 'email') ?? '').trim();
      if (csv && !email) continue; // a CSV project row without a member
      const problem = (column: string, message: string) => report.problem(T, row.n, column, message);
      const code = cleanName(cellOf(ts, row, 'code') ?? '');
      const entry: (typeof teamRows)[number] = { n: row.n, sheet: T, code };
      teamRows.push(entry);
      await tick();
      const p = planned.get(code.toLowerCase());
      if (!code) problem(TEAM.columns[0]!.label, 'Project code is required');
      else if (!p)
        problem(csv ? 'Code' : 'Project code', `The project "${code}" is not on the Projects sheet`);
      if (!email) {
        problem('E-mail', 'E-mail is required');
        continue;
      }
      const who = people.get(email.toLowerCase());
      if (!who) problem('E-mail', `No professional has the e-mail "${email}"`);
      const roleText = cellOf(ts, row, 'role') ?? '';
      const role = roleText ? ROLES.find((r) => foldName(r) === foldName(roleText)) : undefined;
      if (roleText && !role) problem('Role', `Role: "${roleText}" is not one of ${ROLES.join(', ')}`);
      const accessText = cellOf(ts, row, 'access') ?? '';
      const access = accessText ? parseYesNo(accessText) : undefined;
      if (accessText && access === undefined)
        problem('One-page access', `"${accessText}" is neither Yes nor No`);
      if (!p || !who) continue;
      entry.p = p;
      p.team ??= new Map();
      const named = p.team.get(who.id);
      if (named && named.fromTeamRow) {
        problem('E-mail', `${email} is listed twice for ${p.code}: also on row ${named.n}`);
        continue;
      }
      if (named) {
        // the project's Manager / Partner column: the Team row gives the access (its role must agree)
        if (role && role !== named.role)
          problem('Role', `${email} is the project's ${named.role.toLowerCase()} on the Projects sheet`);
        named.access = access;
        named.fromTeamRow = true;
        named.n = row.n;
        named.sheet = T;
        entry.member = named;
        continue;
      }
      const m: Member = {
        professionalId: who.id,
        email: email.toLowerCase(),
        role: role ?? 'Member',
        access,
        sheet: T,
        n: row.n,
        fromTeamRow: true,
      };
      p.team.set(who.id, m);
      entry.member = m;
    }

    // --- compare with the stored projects
    const stored = await repo.projectsByCodes(
      db,
      order.map((p) => p.code.toLowerCase()),
    );
    const storedByCode = new Map(stored.projects.map((s) => [s.code.toLowerCase(), s]));
    const inactiveIds = new Set([...people.values()].filter((p) => !p.isActive).map((p) => p.id));

    const creates: PlannedProject[] = [];
    const updates: {
      p: PlannedProject;
      s: (typeof stored.projects)[number];
      fields: string[];
      links: LinkKey[];
      team?: {
        insert: repo.TeamInsert[];
        update: { id: number; isManager: boolean; isPartner: boolean; isOnePageAllow: boolean }[];
        remove: number[];
      };
    }[] = [];

    let compared = 0;
    for (const p of order) {
      if (++compared % 2000 === 0) await breathe();
      const P = ps.name;
      const s = storedByCode.get(p.code.toLowerCase());
      // the team's rules (as the administration screen's): one project leader, no inactive newcomer
      if (p.team && p.team.size > 0) {
        const managers = [...p.team.values()].filter((m) => m.role === 'Manager');
        if (managers.length !== 1)
          report.problem(
            P,
            p.n,
            'Manager',
            managers.length === 0
              ? `The team of ${p.code} has no manager (project leader)`
              : `The team of ${p.code} has ${managers.length} managers: a project has one`,
          );
        const current = new Set((s ? (stored.team.get(s.id) ?? []) : []).map((t) => t.professionalId));
        for (const m of p.team.values())
          if (inactiveIds.has(m.professionalId) && !current.has(m.professionalId))
            report.problem(
              m.sheet,
              m.n,
              m.sheet === TEAM.name ? 'E-mail' : m.role,
              `${people.get(m.email)?.name ?? m.email} is not active and cannot join the team`,
            );
      }
      if (!s) {
        if (p.name === undefined && !report.failed(P, p.n))
          report.problem(P, p.n, 'Name', 'Name is required');
        creates.push(p);
        if (p.team) for (const m of p.team.values()) m.action = 'create';
        report.row(P, p.n, p.code, 'create');
        continue;
      }
      const fields: string[] = [];
      if (p.code !== s.code) fields.push('Code');
      if (p.name !== undefined && p.name !== s.name) fields.push('Name');
      if (p.clientId !== undefined && p.clientId !== s.clientId) fields.push('Client');
      if (p.idStatus !== undefined && p.idStatus !== s.idStatus) fields.push('Project Status');
      if (p.startDate !== undefined && p.startDate !== s.startDate) fields.push('Start date');
      if (p.endDate !== undefined && p.endDate !== s.endDate) fields.push('End date');
      const links: LinkKey[] = [];
      const storedLinks = {
        practices: stored.practices,
        offices: stored.offices,
        scopes: stored.scopes,
        methodologies: stored.methodologies,
      };
      for (const l of LINKS) {
        const want = p.links[l.key];
        if (want && !sameSet(want, storedLinks[l.key].get(s.id) ?? [])) {
          links.push(l.key);
          fields.push(l.label);
        }
      }
      let team: (typeof updates)[number]['team'];
      if (p.team) {
        const rows = stored.team.get(s.id) ?? [];
        const byPro = new Map(rows.map((r) => [r.professionalId, r]));
        const t = {
          insert: [] as repo.TeamInsert[],
          update: [] as { id: number; isManager: boolean; isPartner: boolean; isOnePageAllow: boolean }[],
          remove: [] as number[],
        };
        for (const m of p.team.values()) {
          const r = byPro.get(m.professionalId);
          const isManager = m.role === 'Manager';
          const isPartner = m.role === 'Partner';
          if (!r) {
            t.insert.push({
              projectId: s.id,
              professionalId: m.professionalId,
              isManager,
              isPartner,
              isOnePageAllow: m.access ?? false,
            });
            m.action = 'create';
          } else {
            const access = m.access ?? r.isOnePageAllow;
            if (r.isManager !== isManager || r.isPartner !== isPartner || r.isOnePageAllow !== access) {
              t.update.push({ id: r.id, isManager, isPartner, isOnePageAllow: access });
              m.action = 'update';
            } else m.action = 'unchanged';
          }
        }
        for (const r of rows) if (!p.team.has(r.professionalId)) t.remove.push(r.id);
        if (t.insert.length + t.update.length + t.remove.length > 0) {
          team = t;
          fields.push('Team');
        }
      }
      if (fields.length > 0) {
        updates.push({ p, s, fields, links, team });
        report.row(P, p.n, p.code, 'update');
      } else report.row(P, p.n, p.code, 'unchanged');
    }
    for (const t of teamRows)
      report.row(
        t.sheet,
        t.n,
        `${t.code} ${t.member?.email ?? ''}`.trim(),
        t.member ? (t.member.action ?? 'unchanged') : 'unchanged',
      );
    ctx.progress.checked(checked);

    return {
      report,
      async write(trx) {
        let written = 0;
        const by = ctx.user.professionalId;
        const during: number[] = [];
        // created projects
        const ids = await repo.insertProjects(
          trx,
          creates.map((p) => ({
            code: p.code,
            name: p.name!,
            clientId: p.clientId ?? null,
            idStatus: p.idStatus ?? 1,
            startDate: p.startDate ?? null,
            endDate: p.endDate ?? null,
          })),
        );
        written += ids.size;
        ctx.progress.written(written);
        for (const l of LINKS) {
          const sets = creates.flatMap((p) =>
            p.links[l.key]?.length ? [{ projectId: ids.get(p.code)!, ids: p.links[l.key]! }] : [],
          );
          if (sets.length) await repo.insertProjectLinks(trx, l.table, l.column, sets);
        }
        const team: repo.TeamInsert[] = creates.flatMap((p) =>
          [...(p.team?.values() ?? [])].map((m) => ({
            projectId: ids.get(p.code)!,
            professionalId: m.professionalId,
            isManager: m.role === 'Manager',
            isPartner: m.role === 'Partner',
            isOnePageAllow: m.access ?? false,
          })),
        );
        await repo.insertTeam(trx, team);
        written += team.length;
        ctx.progress.written(written);
        await repo.insertStatusHistory(
          trx,
          creates.map((p) => ({
            projectId: ids.get(p.code)!,
            fromStatus: null,
            toStatus: p.idStatus ?? 1,
            changedBy: by,
          })),
        );
        const changes = creates.map((p) => ({
          projectId: ids.get(p.code)!,
          changedBy: by,
          area: 'Project Administration',
          action: 'imported',
          subject: `Project ${p.code}`,
        }));
        for (const p of creates) if ((p.idStatus ?? 1) === 3) during.push(ids.get(p.code)!);

        // updated projects
        await repo.updateProjects(
          trx,
          updates.map(({ p, s }) => ({
            id: s.id,
            code: p.code,
            name: p.name ?? s.name,
            clientId: p.clientId !== undefined ? p.clientId : s.clientId,
            idStatus: p.idStatus ?? s.idStatus,
            startDate: p.startDate !== undefined ? p.startDate : s.startDate,
            endDate: p.endDate !== undefined ? p.endDate : s.endDate,
          })),
        );
        written += updates.length;
        for (const l of LINKS) {
          const sets = updates
            .filter((u) => u.links.includes(l.key))
            .map((u) => ({ projectId: u.s.id, ids: u.p.links[l.key]! }));
          await repo.replaceProjectLinks(trx, l.table, l.column, sets);
        }
        const teamUpdates = updates.flatMap((u) => (u.team ? [u.team] : []));
        await repo.deleteTeam(
          trx,
          teamUpdates.flatMap((t) => t.remove),
        );
        await repo.updateTeam(
          trx,
          teamUpdates.flatMap((t) => t.update),
        );
        const inserts = teamUpdates.flatMap((t) => t.insert);
        await repo.insertTeam(trx, inserts);
        written += inserts.length + teamUpdates.reduce((n, t) => n + t.update.length + t.remove.length, 0);
        const moved = updates.filter((u) => u.p.idStatus !== undefined && u.p.idStatus !== u.s.idStatus);
        await repo.insertStatusHistory(
          trx,
          moved.map((u) => ({
            projectId: u.s.id,
            fromStatus: u.s.idStatus,
            toStatus: u.p.idStatus!,
            changedBy: by,
          })),
        );
        for (const u of moved) if (u.p.idStatus === 3) during.push(u.s.id);
        changes.push(
          ...updates.map((u) => ({
            projectId: u.s.id,
            changedBy: by,
            area: 'Project Administration',
            action: 'imported',
            subject: `Imported: ${u.fields.join(', ')}`,
          })),
        );
        await repo.insertProjectChanges(trx, changes);

        // this week's one-page of the projects at During (the weekly job's, for these projects only)
        if (during.length > 0) {
          await ensureWeekOf(trx, ctx.now);
          const { initialDate, endDate } = onePageWeekOf(ctx.now);
          await repo.openWeekFor(trx, during, initialDate, endDate);
        }
        ctx.progress.written(written);
        return written;
      },
    };
  },
};
