import { sql } from 'kysely';
import { SCOPES } from '@domain/constants';
import { cleanName } from '@domain/rules/names';
import type { DB } from '../../../db';
import {
  assertAnAdminRemains,
  lockAdmins,
  recomputeScopes,
  recordPeopleChange,
  type PeopleChange,
} from '../../people/directory.service';
import type { FileData } from '../read';
import { ReportBuilder } from '../report';
import { breathe, cellOf, chunks, Lookup, mapSheet, parseYesNo, splitList, type SheetDef } from '../resolve';
import * as repo from '../repo';
import type { ImportKindModule, KindContext, Plan } from './types';

/**
 * People (for firms without provisioning): one row per professional, matched by e-mail (case ignored). Practice,
 * office, position and co-management are named by their list's item; the manager by e-mail (of a stored person or
 * one of the file). Scopes are the ones granted by hand (manual scopes; the effective scopes are recomputed);
 * Active No deactivates — never the last active administrator (409). Every created or changed person gets a
 * people_history line (source 'import').
 */
const SHEET: SheetDef = {
  name: 'Professionals',
  columns: [
    { key: 'email', label: 'E-mail', required: true, example: 'ana.silva@example.com' },
    { key: 'name', label: 'Name', example: 'Ana Silva', note: 'Required for a new professional' },
    { key: 'login', label: 'Login', example: 'ana.silva', note: "Default: the e-mail's part before the @" },
    { key: 'jobTitle', label: 'Job title', example: 'Consultant' },
    { key: 'practice', label: 'Practice', example: '' },
    { key: 'office', label: 'Office', example: '' },
    { key: 'position', label: 'Position', example: '' },
    { key: 'comanagement', label: 'Co-management', example: '' },
    { key: 'manager', label: 'Manager', example: '', note: "The manager's e-mail" },
    { key: 'employeeNumber', label: 'Employee number', example: '' },
    { key: 'department', label: 'Department', example: '' },
    { key: 'active', label: 'Active', example: 'Yes' },
    { key: 'scopes', label: 'Scopes', example: '', multi: true, note: 'Several separated by ;' },
  ],
};

const ALL_SCOPES: readonly string[] = Object.values(SCOPES);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Stored = repo.StoredProfessional;
type Row = Partial<Omit<Stored, 'id'>> & { managerEmail?: string | null };
const LABEL: Record<string, string> = {
  name: 'Name',
  login: 'Login',
  jobTitle: 'Job title',
  practiceId: 'Practice',
  officeId: 'Office',
  positionId: 'Position',
  comanagementId: 'Co-management',
  managerId: 'Manager',
  employeeNumber: 'Employee number',
  department: 'Department',
  isActive: 'Active',
  manualScopes: 'Scopes',
};

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b)
    ? JSON.stringify([...((a as string[]) ?? [])].sort()) ===
      JSON.stringify([...((b as string[]) ?? [])].sort())
    : (a ?? null) === (b ?? null);

export const professionalsKind: ImportKindModule = {
  kind: 'professionals',
  label: 'Professionals',
  sheets: [SHEET],
  locks: ['people'],
  async allowed(db) {
    return {
      practice: (await repo.masterItems(db, 'practices')).filter((i) => i.active).map((i) => i.name),
      office: (await repo.masterItems(db, 'offices')).filter((i) => i.active).map((i) => i.name),
      position: (await repo.masterItems(db, 'positions')).filter((i) => i.active).map((i) => i.name),
      comanagement: (await repo.masterItems(db, 'comanagements')).filter((i) => i.active).map((i) => i.name),
      active: ['Yes', 'No'],
      scopes: ALL_SCOPES,
    };
  },
  async plan(db: DB, file: FileData, ctx: KindContext): Promise<Plan> {
    const report = new ReportBuilder();
    const s = mapSheet(file.sheets[0], SHEET, report);
    const stored = await repo.allProfessionals(db);
    const byEmail = new Map(stored.map((p) => [p.email.toLowerCase(), p]));
    const byLogin = new Map(stored.map((p) => [p.login.toLowerCase(), p]));
    const lists = {
      practiceId: new Lookup(await repo.masterItems(db, 'practices')),
      officeId: new Lookup(await repo.masterItems(db, 'offices')),
      positionId: new Lookup(await repo.masterItems(db, 'positions')),
      comanagementId: new Lookup(await repo.masterItems(db, 'comanagements')),
    };
    const refColumns = [
      ['practice', 'practiceId', 'practice'],
      ['office', 'officeId', 'office'],
      ['position', 'positionId', 'position'],
      ['comanagement', 'comanagementId', 'co-management'],
    ] as const;
    const fileEmails = new Map<string, number>();
    const fileLogins = new Map<string, number>();
    const planned: { n: number; email: string; values: Row; current?: Stored }[] = [];
    const SHEETNAME = SHEET.name;
    for (const row of s.rows) {
      const problem = (column: string, message: string) => report.problem(SHEETNAME, row.n, column, message);
      const email = (cellOf(s, row, 'email') ?? '').trim().toLowerCase();
      if (!email) problem('E-mail', 'E-mail is required');
      else if (!EMAIL.test(email) || email.length > 254)
        problem('E-mail', `"${email}" is not an e-mail address`);
      else if (fileEmails.has(email))
        problem('E-mail', `Duplicate e-mail "${email}": also on row ${fileEmails.get(email)}`);
      else fileEmails.set(email, row.n);
      const current = byEmail.get(email);
      const values: Row = {};
      const name = cellOf(s, row, 'name');
      if (name !== undefined) {
        if (!name) problem('Name', 'Name is required');
        else values.name = cleanName(name).slice(0, 200);
      }
      if (!current && values.name === undefined && name === undefined)
        problem('Name', 'Name is required for a new professional');
      const login = cellOf(s, row, 'login');
      // a new professional's default login: the e-mail's local part (as the sign-in's session user has it), or
      // the whole e-mail when someone already has that
      const local = email.split('@')[0]!;
      const freeLocal = !byLogin.has(local) && !fileLogins.has(local);
      const loginValue = login ? login.trim() : current ? undefined : freeLocal ? local : email;
      if (loginValue !== undefined && loginValue !== '') {
        const other = byLogin.get(loginValue.toLowerCase());
        if (other && other.email.toLowerCase() !== email)
          problem('Login', `The login "${loginValue}" is ${other.name}'s`);
        else if (fileLogins.has(loginValue.toLowerCase()))
          problem(
            'Login',
            `Duplicate login "${loginValue}": also on row ${fileLogins.get(loginValue.toLowerCase())}`,
          );
        else fileLogins.set(loginValue.toLowerCase(), row.n);
        values.login = loginValue;
      }
      for (const [key, label] of [
        ['jobTitle', 'Job title'],
        ['employeeNumber', 'Employee number'],
        ['department', 'Department'],
      ] as const) {
        const v = cellOf(s, row, key);
        if (v !== undefined) values[key] = v ? v.slice(0, 300) : null;
        void label;
      }
      for (const [col, key, item] of refColumns) {
        const v = cellOf(s, row, col);
        if (v === undefined) continue;
        if (!v) {
          values[key] = null;
          continue;
        }
        const hit = lists[key].find(v);
        if (!hit) problem(SHEET.columns.find((c) => c.key === col)!.label, `Unknown ${item} "${v}"`);
        else values[key] = hit.id;
      }
      const manager = cellOf(s, row, 'manager');
      if (manager !== undefined) values.managerEmail = manager ? manager.trim().toLowerCase() : null;
      const active = cellOf(s, row, 'active');
      if (active !== undefined && active !== '') {
        const b = parseYesNo(active);
        if (b === undefined) problem('Active', `Active: "${active}" is neither Yes nor No`);
        else values.isActive = b;
      } else if (!current) values.isActive = true;
      const scopes = cellOf(s, row, 'scopes');
      if (scopes !== undefined) {
        const list: string[] = [];
        for (const sc of splitList(scopes.replace(/,/g, ';'))) {
          const hit = ALL_SCOPES.find(
            (a) =>
              a.toLowerCase() === sc.toLowerCase() || a.toLowerCase() === `api.portal.${sc.toLowerCase()}`,
          );
          if (!hit) problem('Scopes', `Unknown scope "${sc}" (one of ${ALL_SCOPES.join(', ')})`);
          else if (!list.includes(hit)) list.push(hit);
        }
        values.manualScopes = list.sort();
      }
      planned.push({ n: row.n, email, values, current });
      if (planned.length % 1000 === 0) {
        ctx.progress.checked(planned.length);
        await breathe();
      }
    }
    // managers: a stored person's e-mail or one of the file's
    for (const p of planned) {
      const m = p.values.managerEmail;
      if (m && !byEmail.has(m) && !fileEmails.has(m))
        report.problem(SHEETNAME, p.n, 'Manager', `No professional has the e-mail "${m}"`);
      else if (m && m === p.email)
        report.problem(SHEETNAME, p.n, 'Manager', 'A professional is not their own manager');
    }
    ctx.progress.checked(planned.length);

    const creates: typeof planned = [];
    const updates: { p: (typeof planned)[number]; changes: Record<string, [unknown, unknown]> }[] = [];
    const managerPending: { email: string; managerEmail: string | null }[] = [];
    for (const p of planned) {
      if (report.failed(SHEETNAME, p.n)) {
        report.row(SHEETNAME, p.n, p.email, 'unchanged');
        continue;
      }
      const managerId =
        p.values.managerEmail === undefined
          ? undefined
          : p.values.managerEmail === null
            ? null
            : (byEmail.get(p.values.managerEmail)?.id ?? -1); // -1: a newcomer of the file
      if (!p.current) {
        creates.push(p);
        if (p.values.managerEmail)
          managerPending.push({ email: p.email, managerEmail: p.values.managerEmail });
        report.row(SHEETNAME, p.n, p.email, 'create');
        continue;
      }
      const changes: Record<string, [unknown, unknown]> = {};
      for (const [k, v] of Object.entries(p.values)) {
        if (k === 'managerEmail') continue;
        const before = p.current[k as keyof Stored];
        if (!sameValue(before, v)) changes[k] = [before, v];
      }
      if (managerId !== undefined && managerId !== p.current.managerId) {
        changes.managerId = [p.current.managerId, managerId];
        if (managerId === -1) managerPending.push({ email: p.email, managerEmail: p.values.managerEmail! });
      }
      if (Object.keys(changes).length > 0) {
        updates.push({ p, changes });
        report.row(SHEETNAME, p.n, p.email, 'update');
      } else report.row(SHEETNAME, p.n, p.email, 'unchanged');
    }

    return {
      report,
      async write(trx) {
        let written = 0;
        const actor = ctx.user.userName;
        const touchesAdmins =
          updates.some((u) => 'isActive' in u.changes || 'manualScopes' in u.changes) ||
          creates.some((c) => c.values.manualScopes?.includes(SCOPES.admin));
        if (touchesAdmins) await lockAdmins(trx);
        const ids = new Map(stored.map((p) => [p.email.toLowerCase(), p.id]));
        const history: PeopleChange[] = [];
        for (const batch of chunks(creates)) {
          const rows = await trx
            .insertInto('professionals')
            .values(
              batch.map((c) => ({
                email: c.email,
                name: c.values.name ?? c.email,
                login: c.values.login ?? c.email,
                jobTitle: c.values.jobTitle ?? null,
                practiceId: c.values.practiceId ?? null,
                officeId: c.values.officeId ?? null,
                positionId: c.values.positionId ?? null,
                comanagementId: c.values.comanagementId ?? null,
                employeeNumber: c.values.employeeNumber ?? null,
                department: c.values.department ?? null,
                isActive: c.values.isActive ?? true,
                manualScopes: c.values.manualScopes ?? [],
                source: 'import',
              })),
            )
            .returning(['id', 'email'])
            .execute();
          for (const r of rows) {
            ids.set(r.email.toLowerCase(), r.id);
            history.push({
              professionalId: r.id,
              source: 'import',
              actor,
              actorId: ctx.user.professionalId,
              summary: 'Imported',
            });
          }
          written += rows.length;
          ctx.progress.written(written);
        }
        for (const u of updates) {
          const set: Record<string, unknown> = {};
          for (const [k, [, after]] of Object.entries(u.changes))
            set[k] = k === 'managerId' && after === -1 ? ids.get(u.p.values.managerEmail!) : after;
          await trx
            .updateTable('professionals')
            .set({ ...set, version: sql`version + 1`, updatedAt: new Date() } as never)
            .where('id', '=', u.p.current!.id)
            .execute();
          history.push({
            professionalId: u.p.current!.id,
            source: 'import',
            actor,
            actorId: ctx.user.professionalId,
            summary: `Changed by import: ${Object.keys(u.changes)
              .map((k) => LABEL[k] ?? k)
              .join(', ')}`,
            changes: u.changes,
          });
          if (++written % 1000 === 0) ctx.progress.written(written);
        }
        // the newcomers' managers, once everyone has an id
        for (const m of managerPending) {
          if (!m.managerEmail) continue;
          await trx
            .updateTable('professionals')
            .set({ managerId: ids.get(m.managerEmail) ?? null })
            .where('id', '=', ids.get(m.email)!)
            .execute();
        }
        for (const batch of chunks(history)) await recordPeopleChange(trx, batch);
        const scoped = [
          ...creates.filter((c) => (c.values.manualScopes ?? []).length > 0).map((c) => ids.get(c.email)!),
          ...updates.filter((u) => 'manualScopes' in u.changes).map((u) => u.p.current!.id),
        ];
        for (const batch of chunks(scoped)) await recomputeScopes(trx, batch);
        if (touchesAdmins) await assertAnAdminRemains(trx, 'This import');
        ctx.progress.written(written);
        return written;
      },
    };
  },
};
