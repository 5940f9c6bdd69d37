/**
 * The master lists a firm keeps in the portal (Admin › Master data, and the import's kinds): each list's key (the
 * URL and import kind: plural, kebab-case), its label, its table and its fields. One catalogue, read by the server
 * (validation, writes, import) and the web (the grids and forms).
 */
export type MasterFieldType =
  /** Free text (trimmed; `required` ones non-empty). */
  | 'text'
  /** Long text kept as sanitised HTML (client description and culture). */
  | 'html'
  /** A whole number. */
  | 'int'
  | 'boolean'
  /** An IANA time zone ("America/Sao_Paulo"). */
  | 'timeZone'
  /** An item of another list (`ref`), written by its id; imports name it by name. */
  | 'ref'
  /** Several items of another list (`ref`). */
  | 'refs'
  /** One of the listed values (`values`). */
  | 'choice'
  /** Several of the listed values (`values`). */
  | 'choices';

export interface MasterField {
  key: string;
  label: string;
  type: MasterFieldType;
  required?: boolean;
  /** For ref / refs: the list the value names. */
  ref?: MasterListKey;
  /** For choice / choices: the allowed values (`value` stored, `label` shown). */
  values?: readonly { value: string | number; label: string }[];
  /** For int: the smallest and largest values allowed. */
  min?: number;
  max?: number;
}

/** The groups the Master data screen shows the lists in. */
export const MASTER_LIST_GROUPS = ['Organisation', 'Projects', 'Clients', 'CRM'] as const;
export type MasterListGroup = (typeof MASTER_LIST_GROUPS)[number];

export interface MasterListDef {
  key: MasterListKey;
  /** The screen's name of the list ("Geographic scopes"). */
  label: string;
  /** The item, singular ("Geographic scope"). */
  item: string;
  /** The Kysely table (camelCase). */
  table: MasterTable;
  /** The fields an administrator edits, the naming one first (unique per list, folded: see names.ts). */
  fields: readonly MasterField[];
  /** The fields that together name an item uniquely (default: the first field). */
  unique?: readonly string[];
  /** The screen's group of the list. */
  group: MasterListGroup;
  /**
   * Items with fixed meanings (allocation statuses: the spec gives each id its meaning and projects hold ids
   * 0..6): renamed only — never added, deactivated or deleted.
   */
  renameOnly?: true;
}

export const MASTER_LIST_KEYS = [
  'practices',
  'offices',
  'geographics',
  'geographic-scopes',
  'comanagements',
  'languages',
  'segments',
  'positions',
  'business-units',
  'methodologies',
  'toolkits',
  'evaluation-cycles',
  'allocation-statuses',
  'clients',
  'crm-industries',
  'crm-classifications',
  'crm-area-positions',
  'crm-geographies',
  'crm-languages',
  'crm-offices',
] as const;
export type MasterListKey = (typeof MASTER_LIST_KEYS)[number];

export type MasterTable =
  | 'practices'
  | 'offices'
  | 'geographics'
  | 'geographicScopes'
  | 'comanagements'
  | 'languages'
  | 'segments'
  | 'positions'
  | 'businessUnits'
  | 'methodologies'
  | 'toolkits'
  | 'evaluationCycles'
  | 'allocationStatuses'
  | 'clients'
  | 'crmIndustries'
  | 'crmClassifications'
  | 'crmAreaPositions'
  | 'crmGeographies'
  | 'crmLanguages'
  | 'crmOffices';

const name: MasterField = { key: 'name', label: 'Name', type: 'text', required: true };
const simple = (
  key: MasterListKey,
  label: string,
  item: string,
  table: MasterTable,
  group: MasterListGroup,
): MasterListDef => ({
  key,
  label,
  item,
  table,
  group,
  fields: [name],
});

/** The stakeholder types a CRM classification applies to (the CRM API's values). */
export const CRM_STAKEHOLDER_TYPES = [
  { value: 'CLIENT', label: 'Client' },
  { value: 'PARTNER', label: 'Partner' },
  { value: 'SUPPLIER', label: 'Supplier' },
] as const;

export const MASTER_LISTS: Record<MasterListKey, MasterListDef> = {
  practices: simple('practices', 'Practices', 'Practice', 'practices', 'Organisation'),
  offices: {
    key: 'offices',
    group: 'Organisation',
    label: 'Offices',
    item: 'Office',
    table: 'offices',
    fields: [name, { key: 'timeZone', label: 'Time zone', type: 'timeZone' }],
  },
  geographics: simple('geographics', 'Geographics', 'Geographic', 'geographics', 'Projects'),
  'geographic-scopes': simple(
    'geographic-scopes',
    'Geographic scopes',
    'Geographic scope',
    'geographicScopes',
    'Projects',
  ),
  comanagements: simple('comanagements', 'Co-managements', 'Co-management', 'comanagements', 'Organisation'),
  languages: simple('languages', 'Languages', 'Language', 'languages', 'Organisation'),
  segments: simple('segments', 'Segments', 'Segment', 'segments', 'Clients'),
  positions: simple('positions', 'Positions', 'Position', 'positions', 'Organisation'),
  'business-units': simple(
    'business-units',
    'Business units',
    'Business unit',
    'businessUnits',
    'Organisation',
  ),
  methodologies: {
    key: 'methodologies',
    group: 'Projects',
    label: 'Methodologies',
    item: 'Methodology',
    table: 'methodologies',
    fields: [name, { key: 'practiceId', label: 'Practice', type: 'ref', ref: 'practices' }],
  },
  toolkits: {
    key: 'toolkits',
    group: 'Projects',
    label: 'Toolkits',
    item: 'Toolkit',
    table: 'toolkits',
    fields: [name, { key: 'methodologyId', label: 'Methodology', type: 'ref', ref: 'methodologies' }],
  },
  'evaluation-cycles': {
    key: 'evaluation-cycles',
    group: 'Projects',
    label: 'Evaluation cycles',
    item: 'Evaluation cycle',
    table: 'evaluationCycles',
    fields: [
      { key: 'period', label: 'Period', type: 'text', required: true },
      { key: 'year', label: 'Year', type: 'int', required: true, min: 1900, max: 2999 },
      { key: 'isActive', label: 'Active cycle', type: 'boolean' },
    ],
    unique: ['period', 'year'],
  },
  'allocation-statuses': {
    ...simple(
      'allocation-statuses',
      'Allocation statuses',
      'Allocation status',
      'allocationStatuses',
      'Projects',
    ),
    renameOnly: true,
  },
  clients: {
    key: 'clients',
    group: 'Clients',
    label: 'Clients',
    item: 'Client',
    table: 'clients',
    fields: [
      name,
      { key: 'economicGroup', label: 'Economic group', type: 'text' },
      { key: 'segmentIds', label: 'Segments', type: 'refs', ref: 'segments' },
      { key: 'clientDescription', label: 'Description', type: 'html' },
      { key: 'clientCulture', label: 'Culture', type: 'html' },
    ],
  },
  'crm-industries': simple('crm-industries', 'CRM industries', 'Industry', 'crmIndustries', 'CRM'),
  'crm-classifications': {
    key: 'crm-classifications',
    group: 'CRM',
    label: 'CRM classifications',
    item: 'Classification',
    table: 'crmClassifications',
    fields: [
      name,
      { key: 'stakeholderTypes', label: 'Stakeholder types', type: 'choices', values: CRM_STAKEHOLDER_TYPES },
    ],
  },
  'crm-area-positions': {
    key: 'crm-area-positions',
    group: 'CRM',
    label: 'CRM area positions',
    item: 'Area position',
    table: 'crmAreaPositions',
    fields: [
      name,
      {
        key: 'type',
        label: 'Type',
        type: 'choice',
        required: true,
        values: [
          { value: 1, label: 'Area' },
          { value: 2, label: 'Position' },
        ],
      },
    ],
  },
  'crm-geographies': simple('crm-geographies', 'CRM geographies', 'Geography', 'crmGeographies', 'CRM'),
  'crm-languages': simple('crm-languages', 'CRM languages', 'Language', 'crmLanguages', 'CRM'),
  'crm-offices': simple('crm-offices', 'CRM offices', 'Office', 'crmOffices', 'CRM'),
};

export const isMasterListKey = (k: string): k is MasterListKey =>
  (MASTER_LIST_KEYS as readonly string[]).includes(k);

/** The label of an item as the screens name it: its name, or "<period> <year>" for an evaluation cycle. */
export function masterItemLabel(def: MasterListDef, values: Readonly<Record<string, unknown>>): string {
  const keys = def.unique ?? [def.fields[0]!.key];
  return keys
    .map((k) => values[k])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' ');
}

/** Whether a text names an IANA time zone this runtime knows ("America/Sao_Paulo", "UTC"). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
