import { SCOPES } from '../constants';

/**
 * The People screen's rules (Admin › People): where a person came from, which of their fields Microsoft Entra ID
 * provisioning owns, and who may be deactivated by hand. Shared by the server (which enforces them) and the web
 * (which shows the owned fields read-only and hides what it may not do).
 */

/** Where a person came from (professionals.source; people_history.source). */
export const PERSON_SOURCES = ['scim', 'sign-in', 'import', 'manual'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

/** The sources as the screen names them. */
export const PERSON_SOURCE_LABELS: Record<PersonSource, string> = {
  scim: 'SCIM',
  'sign-in': 'Sign-in',
  import: 'Import',
  manual: 'Manual',
};

/** The five scopes, in the order the screen lists them. */
export const PORTAL_SCOPES = [SCOPES.admin, SCOPES.idOne, SCOPES.knw, SCOPES.onePage, SCOPES.pdc] as const;
export type PortalScope = (typeof PORTAL_SCOPES)[number];

/** A scope's short name ("API.Portal.KNW" → "KNW"). */
export const scopeLabel = (scope: string) => scope.replace(/^API\.Portal\./, '');

/**
 * The fields Microsoft Entra ID provisioning owns for a person it provisioned (SCIM: displayName, userName and
 * emails, title, active, department, employeeNumber, manager): read-only on the People screen.
 */
export const PROVISIONED_FIELDS = [
  'name',
  'email',
  'login',
  'jobTitle',
  'isActive',
  'department',
  'employeeNumber',
  'manager',
] as const;
export type ProvisionedField = (typeof PROVISIONED_FIELDS)[number];

/** The screen's label of each provisioned field (and the SCIM attribute it comes from). */
export const PROVISIONED_FIELD_LABELS: Record<ProvisionedField, string> = {
  name: 'Name',
  email: 'E-mail',
  login: 'Login',
  jobTitle: 'Job title',
  isActive: 'Active',
  department: 'Department',
  employeeNumber: 'Employee number',
  manager: 'Manager',
};

/** The hint beside the fields provisioning owns. */
export const PROVISIONED_HINT = 'Managed by Microsoft Entra ID provisioning';

/** Why a provisioned person is not deactivated or reactivated by hand. */
export const PROVISIONED_ACTIVE_MESSAGE = 'Provisioned from Entra ID: deactivate them there';

/** A person provisioning holds: a SCIM resource exists for them (scim_id not null). */
export const isProvisioned = (person: { scimId?: string | null }) => person.scimId != null;

/** The fields provisioning owns for this person (none when provisioning does not hold them). */
export const ownedFields = (person: { scimId?: string | null }): ProvisionedField[] =>
  isProvisioned(person) ? [...PROVISIONED_FIELDS] : [];

/**
 * The first provisioned field a change would alter for a provisioned person (undefined when none): a field sent
 * with the value it already has is no change.
 */
export function provisionedFieldChanged(
  person: { scimId?: string | null } & Partial<Record<ProvisionedField, unknown>>,
  change: Partial<Record<string, unknown>>,
): ProvisionedField | undefined {
  if (!isProvisioned(person)) return undefined;
  return PROVISIONED_FIELDS.find(
    (f) => change[f] !== undefined && (change[f] ?? null) !== (person[f] ?? null),
  );
}

/** Why the person may not be deactivated or reactivated by hand, or null when they may. */
export const activeToggleProblem = (person: { scimId?: string | null }): string | null =>
  isProvisioned(person) ? PROVISIONED_ACTIVE_MESSAGE : null;

/** The login of an e-mail (the part before the at sign, as in the spec's session user). */
export const loginOfEmail = (email: string) => email.trim().split('@')[0]!.toLowerCase();

/** The scopes in the screen's order, each once, unknown ones left out. */
export const normaliseScopes = (scopes: readonly string[]): PortalScope[] =>
  PORTAL_SCOPES.filter((s) => scopes.includes(s));

/** A change of scopes as the history says it: "Scopes: + Admin, − KNW" (empty when none). */
export function scopesChangeSummary(before: readonly string[], after: readonly string[]): string {
  const added = PORTAL_SCOPES.filter((s) => after.includes(s) && !before.includes(s));
  const removed = PORTAL_SCOPES.filter((s) => before.includes(s) && !after.includes(s));
  const parts = [...added.map((s) => `+ ${scopeLabel(s)}`), ...removed.map((s) => `− ${scopeLabel(s)}`)];
  return parts.length ? `Scopes: ${parts.join(', ')}` : '';
}

/** How long a provisioning token's name may be. */
export const TOKEN_NAME_MAX = 100;
/** How many provisioning requests the screen shows. */
export const PROVISIONING_REQUESTS_SHOWN = 50;
