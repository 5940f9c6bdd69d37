/** The SCIM schemas the endpoint serves (RFC 7643) and its discovery documents (RFC 7644 §4). */

export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The largest page a list answers (`count` above it is lowered to it; RFC 7644 §3.4.2.4). */
export const MAX_RESULTS = 200;
/** The most operations one PATCH may carry. */
export const MAX_OPERATIONS = 1000;
/** Request bodies are bounded (1 MiB, like the portal API's). */
export const BODY_LIMIT = 1024 * 1024;

interface AttrDef {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned?: 'always' | 'default' | 'never' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  subAttributes?: AttrDef[];
  referenceTypes?: string[];
  description?: string;
}

const attr = (a: AttrDef): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  description: a.name,
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attr) } : {}),
});

const USER_ATTRIBUTES = [
  {
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: "The person's sign-in name (userPrincipalName): the professional's e-mail",
  },
  {
    name: 'externalId',
    type: 'string',
    caseExact: true,
    description: "The directory's id (mailNickname or objectId)",
  },
  { name: 'displayName', type: 'string', description: "The professional's name" },
  {
    name: 'name',
    type: 'complex',
    subAttributes: [
      { name: 'formatted', type: 'string' },
      { name: 'givenName', type: 'string' },
      { name: 'familyName', type: 'string' },
    ],
  },
  { name: 'title', type: 'string', description: 'Job title' },
  { name: 'active', type: 'boolean', description: 'false: the professional is inactive (cannot sign in)' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'primary', type: 'boolean' },
    ],
    description: 'The work e-mail (the same as userName)',
  },
] satisfies AttrDef[];

const ENTERPRISE_ATTRIBUTES = [
  { name: 'department', type: 'string' },
  { name: 'employeeNumber', type: 'string' },
  {
    name: 'manager',
    type: 'complex',
    subAttributes: [
      { name: 'value', type: 'string' },
      { name: '$ref', type: 'reference', referenceTypes: ['User'] },
      { name: 'displayName', type: 'string', mutability: 'readOnly' },
    ],
  },
] satisfies AttrDef[];

const GROUP_ATTRIBUTES = [
  { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
  { name: 'externalId', type: 'string', caseExact: true },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable' },
      { name: '$ref', type: 'reference', referenceTypes: ['User'], mutability: 'immutable' },
      { name: 'display', type: 'string', mutability: 'readOnly' },
      { name: 'type', type: 'string', mutability: 'immutable' },
    ],
  },
] satisfies AttrDef[];

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC],
    documentationUri:
      'https://learn.microsoft.com/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A provisioning token created on the People screen (or SCIM_BEARER_TOKEN)',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A professional of the portal',
      schema: CORE_USER,
      schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of professionals: it grants the scopes it is mapped to',
      schema: CORE_GROUP,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function schemaDocuments(base: string) {
  const doc = (id: string, name: string, attributes: AttrDef[]) => ({
    schemas: [SCHEMA],
    id,
    name,
    description: name,
    attributes: attributes.map(attr),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return [
    doc(CORE_USER, 'User', USER_ATTRIBUTES),
    doc(ENTERPRISE_USER, 'EnterpriseUser', ENTERPRISE_ATTRIBUTES),
    doc(CORE_GROUP, 'Group', GROUP_ATTRIBUTES),
  ];
}

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST_RESPONSE],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
