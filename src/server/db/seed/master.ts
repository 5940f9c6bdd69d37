import { addDays, day, monday, type SeedDb } from './context';

/** Master data of the demo (DEMO-DATA.md "Master data"). Ids follow the spec where it names them. */
export const PRACTICES = [
  [1, 'Strategy'],
  [2, 'Operations'],
  [3, 'Commercial Excellence'],
  [4, 'Digital'],
  [5, 'People & Organization'],
  [6, 'Supply Chain'],
  [7, 'Innovation'],
  [8, 'Finance'],
] as const;
export const BUSINESS_UNITS = [
  [1, 'Brazil'],
  [2, 'Europe'],
  [3, 'North America'],
  [4, 'Asia Pacific'],
] as const;
/** Methodologies: the excluded ids 0, 13, 15, 37, 47, 48, 49, 50, 76 exist, and one is named "No Methodology". */
export const METHODOLOGIES: [number, string, number][] = [
  [0, 'No Methodology', 1],
  [1, 'Strategic Planning', 1],
  [2, 'Growth Strategy', 1],
  [3, 'Lean Operations', 2],
  [4, 'Process Redesign', 2],
  [5, 'Sales Force Effectiveness', 3],
  [6, 'Pricing Excellence', 3],
  [7, 'Digital Transformation', 4],
  [8, 'Data & Analytics', 4],
  [9, 'Organizational Design', 5],
  [10, 'Culture Change', 5],
  [11, 'Procurement Excellence', 6],
  [12, 'Logistics Network', 6],
  [13, 'Legacy Method A', 1],
  [14, 'Innovation Funnel', 7],
  [15, 'Legacy Method B', 2],
  [16, 'Design Thinking', 7],
  [17, 'Budget Zero-Base', 8],
  [18, 'Working Capital', 8],
  [37, 'Legacy Method C', 3],
  [47, 'Legacy Method D', 4],
  [48, 'Legacy Method E', 5],
  [49, 'Legacy Method F', 6],
  [50, 'Legacy Method G', 7],
  [76, 'Legacy Method H', 8],
];
export const GEOGRAPHICS = [
  [1, 'United States'],
  [2, 'United Kingdom'],
  [3, 'Germany'],
  [4, 'Portugal'],
  [5, 'Mexico'],
  [6, 'Spain'],
  [7, 'France'],
  [223, 'Brazil'],
] as const;
export const GEOGRAPHIC_SCOPES = [
  [1, 'Local'],
  [2, 'Regional'],
  [3, 'Global'],
] as const;
export const OFFICES = [
  [1, 'São Paulo'],
  [2, 'London'],
  [3, 'New York'],
  [4, 'Lisbon'],
  [5, 'Munich'],
  [6, 'Mexico City'],
] as const;
export const COMANAGEMENTS = [
  [1, 'Co-management North'],
  [2, 'Co-management South'],
  [3, 'Co-management Europe'],
  [4, 'Co-management Americas'],
] as const;
export const LANGUAGES = [
  [1, 'English'],
  [2, 'Portuguese'],
  [3, 'Spanish'],
  [4, 'German'],
  [5, 'French'],
] as const;
export const SEGMENTS = [
  [1, 'Consumer Goods'],
  [2, 'Retail'],
  [3, 'Financial Services'],
  [4, 'Energy'],
  [5, 'Healthcare'],
  [6, 'Industrial'],
  [7, 'Technology'],
  [8, 'Public Sector'],
] as const;
export const DURING_TYPES = [
  [1, 'Normal'],
  [2, 'Internal'],
  [3, 'Ad Hoc'],
] as const;
export const ALLOCATION_STATUSES = [
  [0, 'Unset'],
  [1, 'Ad Hoc'],
  [2, 'Closed'],
  [3, 'Considered'],
  [4, 'No Points'],
  [5, 'Not Submitted'],
  [6, 'Written not Submitted'],
] as const;
export const EVALUATION_CYCLES = [
  [1, 'H1', 2026, false],
  [2, 'H2', 2026, true],
  [3, 'H2', 2025, false],
] as const;
/** The 45 positions, Administrator to Vice-president. */
export const POSITIONS = [
  'Administrator',
  'Advisor',
  'Analyst',
  'Assistant',
  'Associate',
  'Auditor',
  'Board Member',
  'Buyer',
  'Category Manager',
  'Chairman',
  'Chief Executive Officer',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'Chief Technology Officer',
  'Commercial Director',
  'Consultant',
  'Controller',
  'Coordinator',
  'Country Manager',
  'Director',
  'Engineer',
  'Executive Director',
  'General Manager',
  'Head of Department',
  'HR Director',
  'Industrial Director',
  'IT Director',
  'Key Account Manager',
  'Logistics Director',
  'Manager',
  'Marketing Director',
  'Operations Director',
  'Owner',
  'Partner',
  'Plant Manager',
  'President',
  'Procurement Director',
  'Product Manager',
  'Project Manager',
  'Sales Director',
  'Specialist',
  'Superintendent',
  'Supervisor',
  'Treasurer',
  'Vice-president',
].map((name, i) => [i + 1, name] as const);
export const CLIENTS: [number, string, string][] = [
  [1, 'Acme Foods', 'Acme Group'],
  [2, 'Blue River Bank', 'Blue River Holding'],
  [3, 'Cobalt Energy', 'Cobalt Group'],
  [4, 'Delta Retail', 'Delta Holding'],
  [5, 'Evergreen Health', 'Evergreen Group'],
  [6, 'Fjord Industrial', 'Fjord Holding'],
  [7, 'Granite Telecom', 'Granite Group'],
  [8, 'Horizon Logistics', 'Horizon Holding'],
  [9, 'Iris Cosmetics', 'Iris Group'],
  [10, 'Juniper Software', 'Juniper Holding'],
  [11, 'Krona Mining', 'Krona Group'],
  [12, 'Lumen Utilities', 'Lumen Holding'],
];
/**
 * Setup › Client of the DEMO client (DEMO-SETUP, DEMO-DURING, DEMO-READY and DEMO-FINISHED share it):
 * rich text (HTML) with accents; every other client gets a shorter text of the same kind.
 */
export const DEMO_CLIENT = 'Blue River Bank';
const CLIENT_TEXTS: Record<string, { clientDescription: string; clientCulture: string }> = {
  [DEMO_CLIENT]: {
    clientDescription:
      '<p>O <strong>Blue River Bank</strong> é um banco de varejo com sede em São Paulo e operações em Lisboa e na Cidade do México.</p>' +
      '<ul><li>4 milhões de clientes e 320 agências</li><li>Expansão recente em crédito às pequenas e médias empresas</li></ul>',
    clientCulture:
      '<p>Cultura colaborativa e orientada a dados: as decisões são tomadas por consenso no comitê executivo.</p>' +
      '<p>Valoriza <em>ganhos rápidos</em>, comunicação transparente e a presença do sócio nas reuniões de direção.</p>',
  },
};

export const CRM_CLASSIFICATIONS: [number, string, string[]][] = [
  [1, 'Decision Maker', ['CLIENT']],
  [2, 'Influencer', ['CLIENT']],
  [3, 'Sponsor', ['CLIENT']],
  [4, 'User', ['CLIENT', 'PARTNER']],
  [5, 'Supplier Contact', ['SUPPLIER']],
];
export const CRM_AREA_POSITIONS: [number, string, number][] = [
  [1, 'Finance', 1],
  [2, 'Operations', 1],
  [3, 'Sales', 1],
  [4, 'Human Resources', 1],
  [5, 'Technology', 1],
  [101, 'C-Level', 2],
  [102, 'Director', 2],
  [103, 'Manager', 2],
  [104, 'Specialist', 2],
];
export const CRM_INDUSTRIES = [
  [1, 'Consumer Goods'],
  [2, 'Banking'],
  [3, 'Energy'],
  [4, 'Retail'],
  [5, 'Healthcare'],
  [6, 'Industrial'],
] as const;
export const CRM_GEOGRAPHIES = [
  [1, 'Brazil'],
  [2, 'United Kingdom'],
  [3, 'United States'],
  [4, 'Portugal'],
  [5, 'Germany'],
] as const;
export const CRM_OFFICES = [
  [1, 'São Paulo'],
  [2, 'London'],
  [3, 'New York'],
  [4, 'Lisbon'],
] as const;
export const CRM_LANGUAGES = [
  [1, 'English'],
  [2, 'Portuguese'],
  [3, 'Spanish'],
  [4, 'German'],
] as const;

/** Toolkits per practice (id, name, active, methodology id); some inactive. */
export const TOOLKITS: [number, string, boolean, number][] = [
  [1, 'Strategy Canvas', true, 1],
  [2, 'Market Sizing Model', true, 2],
  [3, 'Old Strategy Deck', false, 1],
  [4, 'Value Stream Map', true, 3],
  [5, 'Kaizen Kit', true, 4],
  [6, 'Sales Pipeline Review', true, 5],
  [7, 'Pricing Waterfall', true, 6],
  [8, 'Digital Maturity Scan', true, 7],
  [9, 'Analytics Playbook', false, 8],
  [10, 'Org Chart Builder', true, 9],
  [11, 'Culture Survey', true, 10],
  [12, 'Spend Cube', true, 11],
  [13, 'Network Optimizer', true, 12],
  [14, 'Idea Funnel Board', true, 14],
  [15, 'Design Sprint Kit', true, 16],
  [16, 'ZBB Template', true, 17],
  [17, 'Cash Conversion Tool', false, 18],
];

/**
 * Master data, keyed by the spec's ids: rows that already exist (a re-run, or rows another migration
 * put there) are left as they are.
 */
export async function seedMaster(db: SeedDb, now: Date) {
  const idName = (rows: readonly (readonly [number, string])[]) => rows.map(([id, name]) => ({ id, name }));
  await db
    .insertInto('practices')
    .values(idName(PRACTICES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('businessUnits')
    .values(idName(BUSINESS_UNITS))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('methodologies')
    .values(METHODOLOGIES.map(([id, name, practiceId]) => ({ id, name, practiceId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('geographics')
    .values(idName(GEOGRAPHICS))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('geographicScopes')
    .values(idName(GEOGRAPHIC_SCOPES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('offices')
    .values(idName(OFFICES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('comanagements')
    .values(idName(COMANAGEMENTS))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('languages')
    .values(idName(LANGUAGES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('segments')
    .values(idName(SEGMENTS))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('positions')
    .values(idName(POSITIONS))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('duringTypes')
    .values(idName(DURING_TYPES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('allocationStatuses')
    .values(idName(ALLOCATION_STATUSES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('evaluationCycles')
    .values(EVALUATION_CYCLES.map(([id, period, year, isActive]) => ({ id, period, year, isActive })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('clients')
    .values(
      CLIENTS.map(([id, name, economicGroup]) => ({
        id,
        name,
        economicGroup,
        ...(CLIENT_TEXTS[name] ?? {
          clientDescription: `<p>${name} é um cliente de longa data da firma, atendido a partir de São Paulo.</p>`,
          clientCulture: '<p>Colaborativa, orientada a dados; valoriza ganhos rápidos e reuniões curtas.</p>',
        }),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('clientSegments')
    .values(
      CLIENTS.flatMap(([id]) => [
        { clientId: id, segmentId: ((id - 1) % 8) + 1, segmentLevel: 1 },
        { clientId: id, segmentId: (id % 8) + 1, segmentLevel: 2 },
      ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('toolkits')
    .values(TOOLKITS.map(([id, name, isActive, methodologyId]) => ({ id, name, isActive, methodologyId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmClassifications')
    .values(CRM_CLASSIFICATIONS.map(([id, name, stakeholderTypes]) => ({ id, name, stakeholderTypes })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmAreaPositions')
    .values(CRM_AREA_POSITIONS.map(([id, name, type]) => ({ id, name, type })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmIndustries')
    .values(idName(CRM_INDUSTRIES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmGeographies')
    .values(idName(CRM_GEOGRAPHIES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmOffices')
    .values(idName(CRM_OFFICES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('crmLanguages')
    .values(idName(CRM_LANGUAGES))
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Twelve schedule weeks around this one (natural key: the start date).
  const start = monday(now);
  await db
    .insertInto('scheduleWeeks')
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        startDate: day(addDays(start, (i - 8) * 7)),
        endDate: day(addDays(start, (i - 8) * 7 + 6)),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
