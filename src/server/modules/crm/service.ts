import type { z } from 'zod';
import type {
  CrmCompany,
  CrmContactInput,
  CrmCreateBulkInput,
  CrmResponsiblesInput,
  CrmSavedContact,
  CrmSendEmailInput,
  CrmSendEmailResult,
  SessionUser,
} from '@domain/contract';
import {
  approvalRecipient,
  canWorkOnSignedDocuments,
  capitalizeName,
  directorCandidates,
  isMissingResponsible,
  LINKEDIN_NOT_FOUND,
  normalizeEmail,
  normalizePhone,
  partnerCandidates,
  RESPONSIBLE_LABELS,
  responsiblesRefusal,
  RULES,
  stakeholderStatus,
  validateContact,
} from '@domain/rules';
import type { Config } from '../../config';
import type { DB } from '../../db';
import { httpError } from '../../http';
import type { Mailer } from '../../mail';
import { escapeHtml } from '../../platform/html';
import { recordChange } from '../../platform/history';
import { projectHeader, type ProjectHeader } from '../projects/service';
import * as repo from './repo';
import type { Notifications } from '@server/modules/notifications/service';

/**
 * The CRM backend our server answers under /crm (spec 002 §7 "CRM backend", §3 stakeholder / contact, §4
 * stakeholder status, §5 CRM validation and normalisation, §6 candidates and approval recipient). Writes are
 * allowed to the project's team and to administrators (canWorkOnSignedDocuments on the body's project).
 */

export interface CrmDeps {
  db: DB;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  /** Tells the approver in Teams too (the approval e-mail goes as the spec says). */
  notifications?: Pick<Notifications, 'notify'>;
}

const AREA = 'CRM';
export const CRM_DENIED = RULES.crmEdit.denied;
export const NOT_A_PARTNER = 'The Partner Responsible must be a partner of the project team';
export const NOT_A_DIRECTOR =
  'The Director Responsible (Manager/Director) must be a manager or director of the project team';
export const NOT_IN_TEAM = 'The Responsible to Fulfill must be a member of the project team';
export const RECIPIENT_REFUSED =
  "The approval e-mail goes only to the director selected on the project's CRM contacts, or to its partner when no director is selected";

type SavedContact = z.infer<typeof CrmSavedContact>;
type Team = repo.TeamRow[];

/** The API shape of a stored contact (its JSON data, then the columns that own the truth). */
export function toContact(row: repo.ContactRow): SavedContact {
  const data = (row.data ?? {}) as Record<string, unknown>;
  return {
    ...(data as Omit<SavedContact, 'id' | 'status' | 'isActive' | 'version'>),
    id: row.id,
    idProject: row.projectId,
    idOnPortal: row.idOnPortal,
    status: row.status as SavedContact['status'],
    partnerResponsible: row.partnerResponsible,
    directorResponsible: row.directorResponsible,
    createdBy: row.createdBy ?? String(data.createdBy ?? ''),
    isActive: row.isActive,
    version: typeof data.version === 'number' ? data.version : 1,
  };
}

// --- lookups (GET) --------------------------------------------------------------------------------------

/** §3: only the classifications whose stakeholder types include CLIENT. */
export const classifications = async (db: DB) =>
  (await repo.classifications(db)).filter((c) => c.stakeholderTypes.includes('CLIENT'));

export async function areaPositions(db: DB) {
  return (await repo.areaPositions(db)).map((r) => ({ ...r, type: r.type as 1 | 2 }));
}

export async function company(db: DB, clientId: number): Promise<z.infer<typeof CrmCompany>> {
  const c = await repo.client(db, clientId);
  if (!c) throw httpError(404, `Client ${clientId} not found`);
  return { ...c, industry: await repo.lastIndustryOfClient(db, clientId) };
}

export async function contactsOfProject(db: DB, projectId: number) {
  return (await repo.contactsOfProject(db, projectId)).map(toContact);
}

// --- the project and its people ---------------------------------------------------------------------------

/** The project of a write (404) and its team; 403 unless the caller is on the team or an administrator. */
async function projectForWrite(db: DB, user: SessionUser, projectId: number) {
  const project = await projectHeader(db, projectId);
  if (!project) throw httpError(404, `Project ${projectId} not found`);
  const team = await repo.team(db, projectId);
  if (!canWorkOnSignedDocuments(user, team)) throw httpError(403, CRM_DENIED);
  return { project, team };
}

/** The team member a responsible names: by e-mail (any case) or by professional id. */
function member(team: Team, value: string | null | undefined) {
  if (isMissingResponsible(value)) return undefined;
  const v = String(value).trim().toLowerCase();
  return team.find((t) => t.email.toLowerCase() === v || String(t.idProfessional) === v);
}

const asCandidate = (t: repo.TeamRow) => ({
  ...t,
  professional: { jobTitle: { name: t.jobTitle }, isActive: t.isActive },
});
function candidates(team: Team) {
  const entries = team.map(asCandidate);
  return { partnerCandidates: partnerCandidates(entries), directorCandidates: directorCandidates(entries) };
}

interface Responsibles {
  partner: string | null;
  director: string | null;
  fulfil: string | null;
}
/** §5 responsibles (the refusal with its list), then §6 / our rule: each one a fitting member of the team. */
function checkResponsibles(team: Team, r: Responsibles) {
  const c = candidates(team);
  const refusal = responsiblesRefusal(r, c);
  if (refusal) throw httpError(400, refusal, { missing: refusalList(r, c) });
  const isIn = (list: repo.TeamRow[], v: string | null) => {
    const m = member(team, v);
    return !!m && list.some((x) => x.idProfessional === m.idProfessional);
  };
  if (r.partner && !isIn(c.partnerCandidates, r.partner)) throw httpError(400, NOT_A_PARTNER);
  if (r.director && !isIn(c.directorCandidates, r.director)) throw httpError(400, NOT_A_DIRECTOR);
  if (!member(team, r.fulfil)) throw httpError(400, NOT_IN_TEAM);
}
function refusalList(r: Responsibles, c: ReturnType<typeof candidates>) {
  const out: string[] = [];
  if (c.partnerCandidates.length && !r.partner) out.push(RESPONSIBLE_LABELS.partner);
  if (c.directorCandidates.length && !r.director) out.push(RESPONSIBLE_LABELS.director);
  if (!r.fulfil) out.push(RESPONSIBLE_LABELS.fulfil);
  return out;
}

/** A responsible as stored: trimmed text, or null for empty / '0' / 0. */
const responsibleValue = (v: unknown): string | null => (isMissingResponsible(v) ? null : String(v).trim());

// --- POST /crm/profile/create-bulk ------------------------------------------------------------------------

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const optionalText = (v: unknown) => text(v) || null;
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : String(v).split(','))
    .map((x) => String(x).trim())
    .filter(Boolean);

/** §5 normalisation of one contact: e-mails, phone, capitalised names, NoData LinkedIn (§4), lists. */
export function normaliseContact(c: CrmContactInput) {
  const firstName = capitalizeName(text(c.firstName));
  const lastName = capitalizeName(text(c.lastName));
  const personal = c.personalEmail ? normalizeEmail(c.personalEmail) : '';
  const phone = c.phone ? normalizePhone(c.phone) : '';
  return {
    name: [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName,
    masterEmailAddress: normalizeEmail(text(c.masterEmailAddress)),
    personalEmail: personal || null,
    phone: phone || null,
    globalCompanyName: optionalText(c.globalCompanyName),
    localCompanyName: optionalText(c.localCompanyName),
    stakeholderGroup: 'CLIENT' as const,
    position: text(c.position),
    dayBirth: c.dayBirth ?? null,
    monthBirth: c.monthBirth ?? null,
    classification: text(c.classification),
    gender: (c.gender || '') as 'HE' | 'SHE',
    language: list(c.language),
    nationality: optionalText(c.nationality),
    economicGroup: optionalText(c.economicGroup),
    groupPosition: text(c.groupPosition),
    groupArea: text(c.groupArea),
    responsibleOffice: text(c.responsibleOffice),
    responsibleWrite: normalizeEmail(text(c.responsibleWrite)),
    responsibleSign: list(c.responsibleSign),
    industry: text(c.industry),
    residentCountry: text(c.residentCountry),
    linkedin: c.linkedinNotFound ? LINKEDIN_NOT_FOUND : text(c.linkedin),
    linkedinNotFound: !!c.linkedinNotFound,
    idOnPortal: c.idOnPortal ?? null,
    createdBy: text(c.createdBy),
    partnerResponsible: responsibleValue(c.partnerResponsible),
    directorResponsible: responsibleValue(c.directorResponsible),
    observations: optionalText(c.observations),
  };
}

/** Which stored contact a saved one is (§4 linked contacts: same id, same portal contact, or same e-mail). */
function linked(rows: repo.ContactRow[], c: CrmContactInput, n: ReturnType<typeof normaliseContact>) {
  const id = typeof c.id === 'number' ? c.id : /^\d+$/.test(String(c.id ?? '')) ? Number(c.id) : undefined;
  return (
    (id !== undefined ? rows.find((r) => r.id === id) : undefined) ??
    (n.idOnPortal !== null ? rows.find((r) => r.idOnPortal === n.idOnPortal) : undefined) ??
    rows.find(
      (r) =>
        String((r.data as Record<string, unknown>)?.masterEmailAddress ?? '').toLowerCase() ===
        n.masterEmailAddress,
    )
  );
}

const contactLabel = (i: number, n: ReturnType<typeof normaliseContact>) =>
  `Contact ${i + 1}${n.name ? ` (${n.name})` : n.masterEmailAddress ? ` (${n.masterEmailAddress})` : ''}`;

/**
 * Saves the contacts of one project (§4 CRM save flow): the responsibles (§5), every contact validated after
 * normalisation (400 naming each contact with its messages), status (§4), linked contacts updated in place.
 */
export async function createBulk(
  db: DB,
  user: SessionUser,
  body: z.infer<typeof CrmCreateBulkInput>,
): Promise<SavedContact[]> {
  const { project, team } = await projectForWrite(db, user, body.idProject);
  const normalised = body.data.map(normaliseContact);

  for (const n of normalised)
    checkResponsibles(team, {
      partner: n.partnerResponsible,
      director: n.directorResponsible,
      fulfil: n.createdBy || null,
    });

  const errors = normalised
    .map((n, index) => ({ index, name: contactLabel(index, n), messages: validateContact(n) }))
    .filter((e) => e.messages.length);
  if (errors.length)
    throw httpError(400, errors.map((e) => `${e.name}: ${e.messages.join(', ')}`).join('; '), { errors });

  return db.transaction().execute(async (trx) => {
    await repo.lockProjectContacts(trx, project.id);
    const rows = await repo.contactsOfProject(trx, project.id);
    const saved: repo.ContactRow[] = [];
    for (const [i, n] of normalised.entries()) {
      const input = body.data[i]!;
      const existing = linked(rows, input, n);
      const data = { ...n, idProject: project.id, projectName: project.name };
      const values = {
        projectId: project.id,
        idOnPortal: n.idOnPortal,
        partnerResponsible: n.partnerResponsible,
        directorResponsible: n.directorResponsible,
        createdBy: n.createdBy,
      };
      let row: repo.ContactRow;
      if (existing) {
        const version = toContact(existing).version + 1;
        const status =
          existing.status === 'Approved'
            ? 'Approved'
            : stakeholderStatus(existing.status, n.partnerResponsible, n.directorResponsible);
        row = await repo.updateContact(trx, existing.id, { ...values, data: { ...data, version }, status });
        rows.splice(rows.indexOf(existing), 1, row);
      } else {
        const status = stakeholderStatus(input.status, n.partnerResponsible, n.directorResponsible);
        row = await repo.insertContact(trx, { ...values, data: { ...data, version: 1 }, status });
        rows.push(row);
      }
      saved.push(row);
      await recordChange(trx, {
        projectId: project.id,
        by: user.professionalId,
        area: AREA,
        action: existing ? 'changed' : 'added',
        subject: `Stakeholder ${n.name}`,
      });
    }
    return saved.map(toContact);
  });
}

// --- PUT /crm/updateContactPerProjectResponsible ------------------------------------------------------------

/** Sets the responsibles of saved contacts; the status is recomputed (§4) from the new partner and director. */
export async function updateResponsibles(
  db: DB,
  user: SessionUser,
  body: z.infer<typeof CrmResponsiblesInput>,
  ifMatch?: number,
): Promise<SavedContact[]> {
  const ids = body.map((b) => Number(b.id));
  return db.transaction().execute(async (trx) => {
    const rows = await repo.contactsByIds(trx, [...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw httpError(404, `CRM contact ${missing} not found`);
    const teams = new Map<number, Team>();
    for (const projectId of new Set(rows.map((r) => r.projectId)))
      teams.set(projectId, (await projectForWrite(trx, user, projectId)).team);

    const out: repo.ContactRow[] = [];
    for (const item of body) {
      const row = byId.get(Number(item.id))!;
      const current = toContact(row);
      const expected = item.version ?? (body.length === 1 ? ifMatch : undefined);
      if (expected !== undefined && expected !== current.version)
        throw httpError(412, 'This record was changed by someone else meanwhile', { current });
      const next = {
        partner:
          item.partnerResponsible === undefined
            ? row.partnerResponsible
            : responsibleValue(item.partnerResponsible),
        director:
          item.directorResponsible === undefined
            ? row.directorResponsible
            : responsibleValue(item.directorResponsible),
        fulfil: item.createdBy === undefined ? row.createdBy : responsibleValue(item.createdBy),
      };
      checkResponsibles(teams.get(row.projectId)!, next);
      const data = row.data as Record<string, unknown>;
      const updated = await repo.updateContact(trx, row.id, {
        partnerResponsible: next.partner,
        directorResponsible: next.director,
        createdBy: next.fulfil,
        status: stakeholderStatus(undefined, next.partner, next.director),
        data: {
          ...data,
          partnerResponsible: next.partner,
          directorResponsible: next.director,
          createdBy: next.fulfil,
          version: current.version + 1,
        },
      });
      byId.set(row.id, updated);
      out.push(updated);
      await recordChange(trx, {
        projectId: row.projectId,
        by: user.professionalId,
        area: AREA,
        action: 'changed',
        subject: `Stakeholder ${String(data.name ?? row.id)}: responsibles`,
      });
    }
    return out.map(toContact);
  });
}

// --- POST /crm/sendEmail -------------------------------------------------------------------------------

/** The approval recipients (e-mails) of a project's contacts: each one's director, else its partner (§6). */
function recipientsOf(rows: repo.ContactRow[], team: Team): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    const who = member(team, approvalRecipient(r.directorResponsible, r.partnerResponsible));
    if (who) out.add(who.email.toLowerCase());
  }
  return out;
}

/**
 * §7 sendEmail: the approval e-mail (HTML summarising the project, the client and the number of stakeholders,
 * with a review link) — only to the approval recipient of a project whose CRM contacts the caller may save
 * (so /crm/sendEmail is no open relay). Without idProject, the project is the latest one so addressed.
 */
export async function sendEmail(
  deps: CrmDeps,
  user: SessionUser,
  body: z.infer<typeof CrmSendEmailInput>,
): Promise<z.infer<typeof CrmSendEmailResult>> {
  const { db } = deps;
  const to = normalizeEmail(body.to);
  let projectIds: number[];
  if (body.idProject !== undefined) {
    await projectForWrite(db, user, body.idProject);
    projectIds = [body.idProject];
  } else {
    const person = await db
      .selectFrom('professionals')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', to))
      .executeTakeFirst();
    const keys = person ? [to, String(person.id)] : [to];
    const rows = await db
      .selectFrom('crmContacts')
      .select('projectId')
      .where('isActive', '=', true)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['directorResponsible']), 'in', keys),
          eb(eb.fn('lower', ['partnerResponsible']), 'in', keys),
        ]),
      )
      .groupBy('projectId')
      .orderBy((eb) => eb.fn.max('updatedAt'), 'desc')
      .execute();
    projectIds = rows.map((r) => r.projectId);
  }

  let refused = false;
  for (const projectId of projectIds) {
    const [project, team, contacts] = await Promise.all([
      projectHeader(db, projectId),
      repo.team(db, projectId),
      repo.contactsOfProject(db, projectId),
    ]);
    if (!project || !recipientsOf(contacts, team).has(to)) continue;
    if (!canWorkOnSignedDocuments(user, team)) {
      refused = true;
      continue;
    }
    const recipient = team.find((t) => t.email.toLowerCase() === to)!;
    // the approval e-mail and its Teams notification commit together
    const mailId = await db.transaction().execute(async (trx) => {
      const id = await deps.mailer.enqueue(
        {
          to: recipient.email,
          subject: body.subject.replace(/[\r\n]+/g, ' '),
          body: approvalMail(deps, user, project, recipient.name, contacts.length),
        },
        trx,
      );
      await deps.notifications?.notify(trx, {
        event: 'crmApprovalRequested',
        projectId: project.id,
        actorId: user.professionalId,
        key: `crm-approval:${id}`,
        path: `/project/${project.id}/closure/internal?crm`,
        recipients: [recipient.idProfessional],
        detail: `${contacts.length} stakeholder${contacts.length === 1 ? '' : 's'} to approve.`,
      });
      return id;
    });
    return { to: recipient.email, idProject: project.id, stakeholders: contacts.length, mailId };
  }
  if (refused) throw httpError(403, CRM_DENIED);
  throw httpError(409, RECIPIENT_REFUSED);
}

/** The approval e-mail's HTML (written here from the saved data, never the caller's HTML). */
function approvalMail(
  deps: CrmDeps,
  user: SessionUser,
  project: ProjectHeader,
  recipientName: string,
  stakeholders: number,
) {
  const link = `${deps.config.publicUrl}/project/${project.id}/closure/internal?crm`;
  const client = project.clientName
    ? `${escapeHtml(project.clientName)}${project.economicGroup ? ` (${escapeHtml(project.economicGroup)})` : ''}`
    : '—';
  return [
    `<p>Hello ${escapeHtml(recipientName)},</p>`,
    `<p>${escapeHtml(user.userName)} saved the CRM stakeholders of the project <strong>${escapeHtml(project.code)} — ${escapeHtml(project.name)}</strong> and requests your review.</p>`,
    '<ul>',
    `<li>Project: ${escapeHtml(project.code)} — ${escapeHtml(project.name)}</li>`,
    `<li>Client: ${client}</li>`,
    `<li>Stakeholders: ${stakeholders}</li>`,
    '</ul>',
    `<p><a href="${escapeHtml(link)}">Review the stakeholders</a></p>`,
  ].join('');
}
