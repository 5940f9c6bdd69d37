import type { CrmContact, StakeholderRecord } from '@domain/contract';
import {
  CONTACT_REQUIRED,
  CRM_MESSAGES,
  LINKEDIN_NOT_FOUND,
  capitalizeName,
  normalizeEmail,
  normalizePhone,
  requiredMessage,
  stakeholderStatus,
  validateContact,
  type CrmResponsibles,
} from '@domain/rules';

/** A contact of the grid as typed (any field may still be missing). */
export type CrmRow = Partial<CrmContact>;

/** The row's identity: its portal stakeholder, else its CRM id. */
export const rowKey = (c: CrmRow) =>
  c.idOnPortal !== null && c.idOnPortal !== undefined ? `p${c.idOnPortal}` : `c${c.id ?? c.name ?? ''}`;

export const displayName = (c: Pick<CrmRow, 'firstName' | 'lastName' | 'name'>) =>
  [c.firstName, c.lastName].filter((x) => x && x.trim()).join(' ') || c.name || '(no name)';

/** A portal stakeholder (002 §3: id, name, position, birthday, language) as a new CRM row. */
export function fromPortal(s: StakeholderRecord, languages: readonly string[]): CrmRow {
  const [first = '', ...rest] = s.name.trim().split(/\s+/);
  const birthday = s.birthday ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s.birthday) : null;
  const language = s.language
    ? languages.find((l) => l.toLowerCase() === s.language!.trim().toLowerCase())
    : undefined;
  return {
    idOnPortal: s.id,
    name: s.name,
    firstName: first,
    lastName: rest.join(' '),
    position: s.position ?? '',
    dayBirth: birthday ? Number(birthday[3]) : null,
    monthBirth: birthday ? Number(birthday[2]) : null,
    language: language ? [language] : [],
    stakeholderGroup: 'CLIENT',
  };
}

/**
 * §5 inline messages of the Edit Stakeholder modal per field: 'Required', 'Invalid email format', 'Invalid
 * format' (derived from validateContact on the normalised contact, so the rule lives once). The grid-level
 * values (industry, the responsible to fulfil) are not fields of the modal: their messages are left out.
 */
export function inlineErrors(c: CrmRow): Partial<Record<keyof CrmContact, string>> {
  const out: Partial<Record<keyof CrmContact, string>> = {};
  for (const msg of validateContact(normalized(c))) {
    if (msg === CRM_MESSAGES.invalidProfessionalEmail) out.masterEmailAddress = 'Invalid email format';
    else if (msg === CRM_MESSAGES.invalidPersonalEmail) out.personalEmail = 'Invalid email format';
    else if (msg === CRM_MESSAGES.invalidPhone) out.phone = 'Invalid format';
    else {
      const entry = CONTACT_REQUIRED.find(([, label]) => requiredMessage(label) === msg);
      if (entry && !GRID_LEVEL.has(entry[0])) out[entry[0] as keyof CrmContact] = 'Required';
    }
  }
  return out;
}
const GRID_LEVEL = new Set<string>(['industry', 'createdBy']);

export interface SaveContext {
  projectId: number;
  projectName: string;
  responsibles: CrmResponsibles & { fulfil: string | null; director: string | null; partner: string | null };
  industry: string | null;
  clientName: string;
  economicGroup: string | null;
}

/** §5 normalisation: e-mails, phone, names capitalised, LinkedIn (NoData when not found). */
export function normalized(c: CrmRow): CrmRow {
  const email = (v: string | null | undefined) => (v ? normalizeEmail(v) : v);
  const phone = c.phone ? normalizePhone(c.phone) : c.phone;
  const firstName = capitalizeName(c.firstName ?? '');
  const lastName = capitalizeName(c.lastName ?? '');
  return {
    ...c,
    firstName,
    lastName,
    name: [firstName, lastName].filter(Boolean).join(' '),
    masterEmailAddress: email(c.masterEmailAddress) ?? '',
    personalEmail: email(c.personalEmail) || null,
    phone: phone || null,
    linkedin: c.linkedinNotFound ? LINKEDIN_NOT_FOUND : (c.linkedin ?? '').trim(),
    responsibleWrite: email(c.responsibleWrite) ?? '',
  };
}

/** The contact as it is validated and sent: §5 normalisation applied, grid-level values filled in. */
export function toSaved(c: CrmRow, ctx: SaveContext): CrmRow {
  return {
    ...normalized(c),
    stakeholderGroup: 'CLIENT',
    industry: ctx.industry ?? '',
    globalCompanyName: c.globalCompanyName || ctx.clientName,
    economicGroup: c.economicGroup || ctx.economicGroup,
    idProject: ctx.projectId,
    projectName: ctx.projectName,
    createdBy: ctx.responsibles.fulfil ?? '',
    partnerResponsible: ctx.responsibles.partner,
    directorResponsible: ctx.responsibles.director,
    status: stakeholderStatus(c.status, ctx.responsibles.partner, ctx.responsibles.director),
    isActive: true,
  };
}

/** The messages of every contact that cannot be saved, each prefixed with the contact's name. */
export function contactProblems(rows: readonly CrmRow[]): string[] {
  return rows.flatMap((c) => {
    const msgs = validateContact(c);
    return msgs.length ? [`${displayName(c)}: ${msgs.join(', ')}`] : [];
  });
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The approval e-mail (002 §7): the project, the client, the number of stakeholders and a review link. */
export function approvalEmail(p: {
  projectCode: string;
  projectName: string;
  clientName: string;
  count: number;
  reviewUrl: string;
}): { subject: string; text: string } {
  return {
    subject: `CRM review requested: ${p.projectCode} ${p.projectName}`,
    text:
      `<p>The CRM contacts of a project are waiting for your review.</p>` +
      `<ul><li><strong>Project:</strong> ${esc(p.projectCode)} – ${esc(p.projectName)}</li>` +
      `<li><strong>Client:</strong> ${esc(p.clientName)}</li>` +
      `<li><strong>Stakeholders:</strong> ${p.count}</li></ul>` +
      `<p><a href="${esc(p.reviewUrl)}">Review the contacts</a></p>`,
  };
}
