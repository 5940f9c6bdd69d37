/**
 * CRM stakeholder rules (spec 002 §4 stakeholder status, §5 CRM responsibles / contact fields / formats /
 * normalisation, §6 candidates and approval recipient). Pure functions: the server enforces them on
 * /crm/profile/create-bulk and /crm/updateContactPerProjectResponsible, the web mirrors them.
 */
import { PHONE_MAX_GROUPS, PHONE_MAX_LENGTH } from '../constants';

/** The stakeholder statuses of §4. */
export type StakeholderStatus = 'Pending' | 'PendingPartner' | 'PendingDirector';

/** A contact as typed (every field may still be missing or messy). */
export interface ContactInput {
  firstName?: string | null;
  lastName?: string | null;
  classification?: string | number | null;
  masterEmailAddress?: string | null;
  personalEmail?: string | null;
  phone?: string | null;
  gender?: string | null;
  residentCountry?: string | number | null;
  language?: readonly (string | number)[] | string | null;
  position?: string | null;
  groupArea?: string | number | null;
  groupPosition?: string | number | null;
  responsibleWrite?: string | null;
  responsibleSign?: readonly string[] | string | null;
  responsibleOffice?: string | number | null;
  industry?: string | number | null;
  linkedin?: string | null;
  createdBy?: string | null;
}

/**
 * §5 "Every contact needs", in the order the messages are listed, with the labels of §5. createdBy is the
 * responsible to fulfil (its selector's label) and responsibleSign is "Integration Other Contacts" (§3).
 */
export const CONTACT_REQUIRED: readonly (readonly [keyof ContactInput, string])[] = [
  ['createdBy', 'Responsible to Fulfill'],
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['classification', 'CRM Classification'],
  ['masterEmailAddress', 'Professional Email'],
  ['position', 'Position Name'],
  ['groupArea', 'Standard Area/Department'],
  ['groupPosition', 'Standard Position'],
  ['responsibleWrite', 'Integration Focal Point'],
  ['responsibleSign', 'Integration Other Contacts'],
  ['responsibleOffice', 'Responsible Office'],
  ['industry', 'Industry'],
  ['residentCountry', 'Resident Country'],
  ['language', 'Language'],
  ['gender', 'Pronoun'],
  ['linkedin', 'LinkedIn'],
];

export const CRM_MESSAGES = {
  invalidProfessionalEmail: 'Invalid Professional Email',
  invalidPersonalEmail: 'Invalid Personal Email',
  invalidPhone: 'Invalid phone format',
  fallback: 'Please fill in all required fields',
  selectResponsibles: 'Please select the following responsibles:',
  saveError: 'Error saving data',
} as const;
export const requiredMessage = (label: string) => `${label} is required`;

/** The e-mail pattern of §5 ("{email}": something@domain.tld, no blanks). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** §5 mobile: a plus sign, 1 to 19 digits, then exactly two more space-separated digit groups. */
export const PHONE_PATTERN = /^\+\d{1,19} \d+ \d+$/;
export const PHONE_PLACEHOLDER = '+123 456 789';
/** The literal a contact's LinkedIn takes when "LinkedIn not found" is checked (§4). */
export const LINKEDIN_NOT_FOUND = 'NoData';

const blank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.filter((x) => !blank(x)).length === 0);

/** §5: every message for one contact ('<Label> is required', the e-mail and phone formats); [] when valid. */
export function validateContact(contact: ContactInput): string[] {
  const out: string[] = [];
  for (const [field, label] of CONTACT_REQUIRED) {
    if (blank(contact[field])) out.push(requiredMessage(label));
  }
  const pro = contact.masterEmailAddress;
  if (!blank(pro) && !EMAIL_PATTERN.test(String(pro).trim())) out.push(CRM_MESSAGES.invalidProfessionalEmail);
  const personal = contact.personalEmail;
  if (!blank(personal) && !EMAIL_PATTERN.test(String(personal).trim()))
    out.push(CRM_MESSAGES.invalidPersonalEmail);
  const phone = contact.phone;
  if (!blank(phone) && !PHONE_PATTERN.test(String(phone).trim())) out.push(CRM_MESSAGES.invalidPhone);
  return out;
}

/** §5: e-mails lose whitespace, repeated @ collapse, lower-cased. */
export const normalizeEmail = (email: string): string =>
  email.replace(/\s+/g, '').replace(/@+/g, '@').toLowerCase();

/**
 * §5 / §9: the phone keeps digits and spaces, gets a leading +, collapses spaces, keeps at most 3 groups,
 * capped at 20 characters. '' stays '' (the phone is optional).
 */
export function normalizePhone(phone: string): string {
  const groups = phone
    .replace(/[^\d ]/g, '')
    .trim()
    .split(/ +/)
    .filter(Boolean)
    .slice(0, PHONE_MAX_GROUPS);
  if (!groups.length) return '';
  return `+${groups.join(' ')}`.slice(0, PHONE_MAX_LENGTH).trimEnd();
}

/** §5: first and last names are saved capitalised per word ("ana MARIA" → "Ana Maria"). */
export const capitalizeName = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase() + w.slice(1).toLocaleLowerCase())
    .join(' ');

/** The CRM responsibles as selected (ids or e-mails; empty, '0' or 0 = none). */
export interface CrmResponsibles {
  partner?: string | number | null;
  director?: string | number | null;
  fulfil?: string | number | null;
}
export const RESPONSIBLE_LABELS = {
  partner: 'Partner Responsible',
  director: 'Director Responsible (Manager/Director)',
  fulfil: 'Responsible to Fulfill',
} as const;

/** §5: empty, '0' or zero counts as missing. */
export const isMissingResponsible = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === 0 ||
  (typeof v === 'string' && (v.trim() === '' || v.trim() === '0'));

/** §5: the responsibles still missing (partner when partner candidates exist, director likewise, fulfil always). */
export function missingResponsibles(
  r: CrmResponsibles,
  c: { partnerCandidates: readonly unknown[]; directorCandidates: readonly unknown[] },
): string[] {
  const out: string[] = [];
  if (c.partnerCandidates.length && isMissingResponsible(r.partner)) out.push(RESPONSIBLE_LABELS.partner);
  if (c.directorCandidates.length && isMissingResponsible(r.director)) out.push(RESPONSIBLE_LABELS.director);
  if (isMissingResponsible(r.fulfil)) out.push(RESPONSIBLE_LABELS.fulfil);
  return out;
}

/** §5: 'Please select the following responsibles: <list>' or null when none is missing. */
export function responsiblesRefusal(
  r: CrmResponsibles,
  c: { partnerCandidates: readonly unknown[]; directorCandidates: readonly unknown[] },
): string | null {
  const missing = missingResponsibles(r, c);
  return missing.length ? `${CRM_MESSAGES.selectResponsibles} ${missing.join(', ')}` : null;
}

/**
 * §4: a status already on the row is kept; otherwise PendingDirector when a director is set (with or
 * without a partner), PendingPartner when only a partner is set, Pending when neither.
 */
export function stakeholderStatus(
  existing: string | null | undefined,
  partner: CrmResponsibles['partner'],
  director: CrmResponsibles['director'],
): StakeholderStatus {
  if (existing === 'Pending' || existing === 'PendingPartner' || existing === 'PendingDirector')
    return existing;
  if (!isMissingResponsible(director)) return 'PendingDirector';
  if (!isMissingResponsible(partner)) return 'PendingPartner';
  return 'Pending';
}

/** A team entry as the candidate rules read it (§3 project team entry: professional.jobTitle.name). */
export interface CandidateEntry {
  professional?: { jobTitle?: { name?: string | null } | null; isActive?: boolean | null } | null;
}
const titleHas = (e: CandidateEntry, words: readonly string[]) => {
  if (e.professional?.isActive === false) return false;
  const title = (e.professional?.jobTitle?.name ?? '').toLowerCase();
  return words.some((w) => title.includes(w));
};
/** §6: manager/director candidates — active team members whose job title contains Director or Manager. */
export const directorCandidates = <T extends CandidateEntry>(team: readonly T[]): T[] =>
  team.filter((e) => titleHas(e, ['director', 'manager']));
/** §6: partner candidates — active team members whose job title contains Partner. */
export const partnerCandidates = <T extends CandidateEntry>(team: readonly T[]): T[] =>
  team.filter((e) => titleHas(e, ['partner']));

/** §6: the approval e-mail goes to the selected director, or to the partner when no director is set. */
export function approvalRecipient<T extends string | number>(
  director: T | null | undefined,
  partner: T | null | undefined,
): T | null {
  if (!isMissingResponsible(director)) return director as T;
  if (!isMissingResponsible(partner)) return partner as T;
  return null;
}
