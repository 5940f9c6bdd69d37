import { z } from 'zod';
import { PERSON_SOURCES, PORTAL_SCOPES, PROVISIONED_FIELDS, TOKEN_NAME_MAX } from '../rules/people';
import { Email, Id, IdName } from './common';
import { queryInt } from './query';

/** Admin › People: every professional, their portal fields and scopes, and Microsoft Entra ID provisioning. */

export const PersonSource = z.enum(PERSON_SOURCES, { message: `one of ${PERSON_SOURCES.join(', ')}` });
export const PortalScope = z.enum(PORTAL_SCOPES, { message: `one of ${PORTAL_SCOPES.join(', ')}` });
const Scopes = z.array(PortalScope).max(PORTAL_SCOPES.length * 2, 'too many scopes');
const Instant = z.string();

export const PEOPLE_STATUSES = ['active', 'inactive', 'all'] as const;

/** GET /api/admin/people: search (name, e-mail, login), status, source, page (from 1) and page size. */
export const PeopleQuery = z.object({
  search: z.string().max(200, 'at most 200 characters').optional(),
  status: z.enum(PEOPLE_STATUSES, { message: 'one of active, inactive, all' }).default('active'),
  source: PersonSource.optional(),
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 200).default(50),
});
export type PeopleQuery = z.input<typeof PeopleQuery>;

/** A row of the People grid. */
export const PersonRow = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  login: z.string(),
  jobTitle: z.string().nullable(),
  photoGUID: z.string().nullable(),
  scopes: z.array(z.string()),
  source: PersonSource,
  isActive: z.boolean(),
  /** Provisioning holds the person (a SCIM resource exists). */
  provisioned: z.boolean(),
});
export type PersonRow = z.infer<typeof PersonRow>;

export const PeoplePage = z.object({
  items: z.array(PersonRow),
  /** People of the search and filters on the server. */
  total: z.int32(),
  page: z.int32(),
  pageSize: z.int32(),
});
export type PeoplePage = z.infer<typeof PeoplePage>;

/** A provisioned group a person belongs to, with the scopes it grants. */
export const PersonGroup = z.object({ id: z.string(), displayName: z.string(), scopes: z.array(z.string()) });

/** One person as the person's page shows and edits them (ETag: version). */
export const PersonRecord = PersonRow.extend({
  externalId: z.string().nullable(),
  department: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  manager: z.object({ id: Id, name: z.string() }).nullable(),
  practiceId: z.int32().nullable(),
  officeId: z.int32().nullable(),
  positionId: z.int32().nullable(),
  comanagementId: z.int32().nullable(),
  /** The names of the items the person holds (also of one deactivated since). */
  practiceName: z.string().nullable(),
  officeName: z.string().nullable(),
  positionName: z.string().nullable(),
  comanagementName: z.string().nullable(),
  businessUnits: z.array(z.string()),
  /** Granted by hand on this screen (stay until removed by hand). */
  manualScopes: z.array(z.string()),
  /** From the sign-in token's app roles. */
  tokenScopes: z.array(z.string()),
  groups: z.array(PersonGroup),
  /** The fields provisioning owns for this person (read-only here); empty when not provisioned. */
  ownedFields: z.array(z.enum(PROVISIONED_FIELDS)),
  createdAt: Instant,
  updatedAt: Instant,
  version: z.int32(),
});
export type PersonRecord = z.infer<typeof PersonRecord>;

const Name = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');
const JobTitle = z.string().trim().max(200, 'at most 200 characters').nullable();
const Login = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'at most 200 characters')
  .regex(/^[^\s@]+$/, 'a login has no spaces and no @');
const BusinessUnits = z
  .array(z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'))
  .max(50, 'at most 50 business units');
const portalFields = {
  practiceId: Id.nullable().optional(),
  officeId: Id.nullable().optional(),
  positionId: Id.nullable().optional(),
  comanagementId: Id.nullable().optional(),
  businessUnits: BusinessUnits.optional(),
  manualScopes: Scopes.optional(),
};

/**
 * PATCH /api/admin/people/{id}: the changed fields. The portal's own fields always; name, e-mail and job title only
 * for a person provisioning does not hold (409 otherwise).
 */
export const PersonPatch = z
  .object({
    name: Name.optional(),
    email: Email.max(320, 'at most 320 characters').optional(),
    jobTitle: JobTitle.optional(),
    ...portalFields,
  })
  .strict();
export type PersonPatch = z.infer<typeof PersonPatch>;

/** POST /api/admin/people: a person added by hand (source manual); the login defaults to the e-mail's local part. */
export const PersonCreate = z
  .object({
    name: Name,
    email: Email.max(320, 'at most 320 characters'),
    login: Login.optional(),
    jobTitle: JobTitle.optional(),
    ...portalFields,
  })
  .strict();
export type PersonCreate = z.infer<typeof PersonCreate>;

/** A line of a person's history: what changed, from where (source) and by whom. */
export const PeopleHistoryEntry = z.object({
  id: z.number(),
  at: Instant,
  source: PersonSource,
  actor: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
});
export type PeopleHistoryEntry = z.infer<typeof PeopleHistoryEntry>;

export const PeopleHistoryQuery = z.object({
  skip: queryInt(0, 999_999_999).default(0),
  take: queryInt(1, 500).default(100),
});

/** The active items a person's portal fields may newly take. */
export const PeopleChoices = z.object({
  practices: z.array(IdName),
  offices: z.array(IdName),
  positions: z.array(IdName),
  comanagements: z.array(IdName),
  businessUnits: z.array(IdName),
});
export type PeopleChoices = z.infer<typeof PeopleChoices>;

// --- provisioning (Microsoft Entra ID over SCIM 2.0)

export const ProvisionedGroup = z.object({
  id: z.string(),
  displayName: z.string(),
  externalId: z.string().nullable(),
  members: z.int32(),
  scopes: z.array(z.string()),
  /** true: mapped by an administrator; false: follows the displayName (a scope's name maps to it). */
  mapped: z.boolean(),
  version: z.int32(),
});
export type ProvisionedGroup = z.infer<typeof ProvisionedGroup>;

export const ProvisioningToken = z.object({
  id: Id,
  name: z.string(),
  createdAt: Instant,
  createdBy: z.string().nullable(),
  lastUsedAt: Instant.nullable(),
  revokedAt: Instant.nullable(),
});
export type ProvisioningToken = z.infer<typeof ProvisioningToken>;

/** A token just created: the secret is in this answer only. */
export const ProvisioningTokenCreated = ProvisioningToken.extend({ token: z.string() });
export type ProvisioningTokenCreated = z.infer<typeof ProvisioningTokenCreated>;

export const ProvisioningRequest = z.object({
  id: z.number(),
  at: Instant,
  tokenName: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  detail: z.string().nullable(),
});
export type ProvisioningRequest = z.infer<typeof ProvisioningRequest>;

/** GET /api/admin/provisioning: whether Entra is connected, its groups, tokens and last requests. */
export const Provisioning = z.object({
  /** The Tenant URL Entra's provisioning is given. */
  scimUrl: z.string(),
  summary: z.object({
    lastRequestAt: Instant.nullable(),
    lastStatus: z.number().nullable(),
    lastSuccessAt: Instant.nullable(),
    failuresLast24h: z.int32(),
    activeTokens: z.int32(),
  }),
  groups: z.array(ProvisionedGroup),
  tokens: z.array(ProvisioningToken),
  requests: z.array(ProvisioningRequest),
});
export type Provisioning = z.infer<typeof Provisioning>;

export const GroupParams = z.object({ id: z.uuid('must be a group id (a UUID)') });

/** PATCH /api/admin/provisioning/groups/{id}: the scopes the group grants its members. */
export const GroupScopesPatch = z.object({ scopes: Scopes }).strict();

export const TokenCreate = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(TOKEN_NAME_MAX, `at most ${TOKEN_NAME_MAX} characters`),
  })
  .strict();
