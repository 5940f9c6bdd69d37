import { z } from 'zod';
import { Id, ProjectStatusId, singleField, takesBack } from './common';
import { pagingQuery } from './query';

/** A professional as embedded in project records. */
export const ProfessionalRef = z.object({
  id: z.int32(),
  name: z.string(),
  email: z.string().optional(),
  login: z.string().optional(),
  photoGUID: z.string().nullable().optional(),
  isActive: z.boolean().optional(),
  jobTitle: z.object({ name: z.string() }).optional(),
});
export type ProfessionalRef = z.infer<typeof ProfessionalRef>;

export const TeamMember = z.object({
  id: z.int32(),
  idProfessional: z.int32(),
  isPartner: z.boolean(),
  isManager: z.boolean(),
  isOnePageAllow: z.boolean().optional(),
  professional: ProfessionalRef,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const ProjectListItem = z.object({
  id: z.int32(),
  code: z.string(),
  name: z.string(),
  idStatus: ProjectStatusId,
  endDate: z.string().nullable(),
  client: z.object({ id: z.int32(), name: z.string() }).nullable(),
  projectManager: ProfessionalRef.nullable(),
  projectPractices: z.array(z.object({ idPractice: z.int32() })),
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const TrainingDevelopment = z.object({
  tdOportunity: z.boolean().nullable(),
  text: z.string().nullable(),
});

/** The project with every field the three documents read (000 §3, 001 §3, 002 §3). */
export const Project = ProjectListItem.extend({
  idClient: z.int32().nullable().optional(),
  idDuringType: z.int32().min(1).max(3).nullable().optional(),
  startDate: z.string().nullable().optional(),
  createdAt: z.string().nullable().optional(),
  updatedAt: z.string().nullable().optional(),
  closedAt: z.string().nullable().optional(),
  whatSalesContext: z.string().nullable().optional(),
  whyClientNeedHelp: z.string().nullable().optional(),
  proposalFilename: z.string().nullable().optional(),
  idSupportComanagement: z.int32().nullable().optional(),
  priority: z.boolean().optional(),
  internal: z.boolean().optional(),
  pdcPriority: z.boolean().optional(),
  idAllocationStatus: z.int32().min(0).max(6).optional(),
  sendNotification: z.boolean().optional(),
  onePageCreatedAt: z.string().nullable().optional(),
  onePageSubmitted: z.boolean().optional(),
  onePageProblemLevel: z.int32().min(0).max(3).nullable().optional(),
  onePageEnvironmentStatus: z.int32().min(1).max(3).nullable().optional(),
  projectPartner: ProfessionalRef.extend({ idProfessional: z.int32() }).nullable().optional(),
  projectTeam: z.array(TeamMember),
  projectMethodologies: z.array(z.object({ idMethodology: z.int32() })).optional(),
  projectGeographics: z.array(z.object({ idGeographic: z.int32() })),
  projectGeographicScopes: z.array(z.object({ idGeographicScope: z.int32() })).optional(),
  projectOffices: z.array(z.object({ idOffice: z.int32() })).optional(),
  projectCoManagements: z.array(z.object({ idCoManagement: z.int32() })).optional(),
  projectSession: z
    .array(
      z.object({
        id: z.int32(),
        isSetup: z.boolean(),
        projectScope: z.string().nullable().optional(),
        projectOutScope: z.string().nullable().optional(),
      }),
    )
    .optional(),
  projectTrainingDevelopment: TrainingDevelopment.optional(),
  projectIDOne: z.object({ hasIDOne: z.boolean() }).optional(),
  missingAssessmentNames: z.string(),
});
export type Project = z.infer<typeof Project>;

/** KPI set for a project (000 §3). */
export const Kpis = z.object({
  onePageSubmitted: z.boolean(),
  weeklyStatusSubmitted: z.boolean(),
  hasProfessionalDNA: z.boolean(),
  hasTechDNA: z.boolean(),
  evaluationManagementFulfilled: z.boolean(),
});
export type Kpis = z.infer<typeof Kpis>;

/** PUT /api/projects/{id}/status. */
export const StatusChange = z.object({ idStatus: ProjectStatusId });
export type StatusChange = z.infer<typeof StatusChange>;

/** PATCH /api/projects/{id}/training-development: tdOportunity or text. */
export const TrainingDevelopmentPatch = singleField({
  tdOportunity: z.boolean().nullable(),
  text: z.string().max(10_000).nullable(),
});

/**
 * PATCH /api/projects/{id} with one field (001 §7, Setup › Project Info): the title and the two free texts.
 * Anything else is refused with 400 (pdcPriority and the other flags come with their own screens).
 */
export const ProjectPatch = singleField({
  name: z.string().trim().min(1, 'is required').max(300),
  whatSalesContext: z.string().max(20_000).nullable(),
  whyClientNeedHelp: z.string().max(20_000).nullable(),
});
export type ProjectPatch = z.infer<typeof ProjectPatch>;

/** A status change recorded in the history (who, when, from, to). */
export const StatusHistoryEntry = z.object({
  id: z.int32(),
  fromStatus: z.int32().nullable(),
  toStatus: z.int32(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});

/** The Learning and Development record with its version (ETag / If-Match of PATCH training-development). */
export const TrainingDevelopmentRecord = TrainingDevelopment.extend({ version: z.int32() });
export type TrainingDevelopmentRecord = z.infer<typeof TrainingDevelopmentRecord>;

/** A manager or partner as the project detail embeds them: the professional plus `idProfessional`. */
export const ProjectLead = ProfessionalRef.extend({ idProfessional: z.int32() });

/** GET /api/projects/{id}: the project as the server answers it (ETag = `version`). */
export const ProjectDetail = Project.extend({
  version: z.int32(),
  /** The metadata as PUT …/metadata names it: the first id of each set (null when none), the support co-management. */
  idPractice: z.int32().nullable().optional(),
  idMethodology: z.int32().nullable().optional(),
  idGeography: z.int32().nullable().optional(),
  idGeographicScope: z.int32().nullable().optional(),
  idOffice: z.int32().nullable().optional(),
  idCoMgt: z.int32().nullable().optional(),
  idSupportCoMgt: z.int32().nullable().optional(),
  projectManager: ProjectLead.nullable(),
  projectPartner: ProjectLead.nullable(),
  projectTrainingDevelopment: TrainingDevelopmentRecord,
  closeOutComplete: z.boolean(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** The fields PUT /api/projects/{id}/metadata changes (001 §7). */
export const PROJECT_METADATA_FIELDS = [
  'idPractice',
  'idMethodology',
  'idGeography',
  'idGeographicScope',
  'idOffice',
  'idCoMgt',
  'idSupportCoMgt',
  'idDuringType',
] as const;
export type ProjectMetadataField = (typeof PROJECT_METADATA_FIELDS)[number];

/**
 * PUT /api/projects/{id}/metadata (001 §7 sends one field; the project as GET /api/projects/{id} answered it is
 * taken back too): each field that differs from the project is changed. The project reads arrays
 * (projectPractices…); one id here REPLACES the project's set of that kind with that one id (null, which GET
 * answers for an empty set, is no change; clearing a set is refused). idSupportCoMgt (null clears it) and
 * idDuringType are columns of the project.
 */
export const ProjectMetadataPut = takesBack(
  z
    .object({
      idPractice: Id.nullable(),
      idMethodology: z.int32().min(0).nullable(),
      idGeography: Id.nullable(),
      idGeographicScope: Id.nullable(),
      idOffice: Id.nullable(),
      idCoMgt: Id.nullable(),
      idSupportCoMgt: Id.nullable(),
      idDuringType: z.int32().min(1).max(3).nullable(),
    })
    .partial(),
  ProjectDetail,
);
export type ProjectMetadataPut = z.infer<typeof ProjectMetadataPut>;

/** PUT /api/projects/{id}/status answer. */
export const StatusChangeResult = z.object({
  id: z.int32(),
  idStatus: ProjectStatusId,
  statusName: z.string().optional(),
});
export type StatusChangeResult = z.infer<typeof StatusChangeResult>;

/** A professional's own record (GET /api/professionals/{id}; the list omits practiceId). */
export const ProfessionalRecord = z.object({
  id: z.int32(),
  name: z.string(),
  email: z.string(),
  login: z.string(),
  photoGUID: z.string().nullable(),
  isActive: z.boolean(),
  jobTitle: z.object({ name: z.string() }),
  practiceId: z.int32().nullable().optional(),
});
export type ProfessionalRecord = z.infer<typeof ProfessionalRecord>;
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

/* --- H1: project history and client past projects (001 §7 "Project and setup") --- */

/** One entry of a project's history (GET /api/projects/{id}/changes): who, when, where, what. */
export const ProjectChange = z.object({
  id: z.int32(),
  changedAt: z.string(),
  /** The name of the professional who made the change (null when unknown). */
  changedBy: z.string().nullable(),
  /** The page or tab: 'Project Info', 'Client', 'Proposal', 'Risks', … */
  area: z.string(),
  action: z.enum(['added', 'changed', 'removed', 'uploaded', 'imported']),
  subject: z.string(),
});
export type ProjectChange = z.infer<typeof ProjectChange>;
/** `?take=50&skip=0` of the history (take at most 200). */
export const ProjectChangesQuery = pagingQuery(200, 50);

/** A project of the same client (GET /api/projects/{id}/client/{idClient}): code, name, methodology. */
export const ClientPastProject = z.object({
  id: z.int32(),
  code: z.string(),
  name: z.string(),
  idStatus: ProjectStatusId,
  /** The project's methodology names, joined with ", " (null when it has none). */
  methodology: z.string().nullable(),
});
export type ClientPastProject = z.infer<typeof ClientPastProject>;

// --- projects-admin
/* Project administration (spec 002 §2.8 'Edit Project' and §7 "PATCH /api/projects/{id} (changed fields)"). */

/** One team entry of an administrator's write: the professional and the role (a member is neither). */
export const ProjectAdminTeamEntry = z.object({
  idProfessional: Id,
  isManager: z.boolean().default(false),
  isPartner: z.boolean().default(false),
});
export type ProjectAdminTeamEntry = z.infer<typeof ProjectAdminTeamEntry>;

/**
 * Every field of the 'Edit Project' dialog, named as the project record names them (ProjectDetail): the link
 * tables are sets of `{ id… }` objects, the team is `projectTeam` (one manager, partners, members), the toolkits
 * are `projectToolkits` (the rows of GET /api/project/{id}/toolkits).
 */
export const ProjectAdminFields = z.object({
  code: z.string().trim().min(1, 'is required').max(50),
  name: z.string().trim().min(1, 'is required').max(300),
  idClient: Id,
  idSupportComanagement: Id.nullable(),
  projectGeographics: z.array(z.object({ idGeographic: Id })).max(100),
  projectGeographicScopes: z.array(z.object({ idGeographicScope: Id })).max(100),
  projectOffices: z.array(z.object({ idOffice: Id })).max(100),
  projectCoManagements: z.array(z.object({ idCoManagement: Id })).max(100),
  projectPractices: z.array(z.object({ idPractice: Id })).max(100),
  projectMethodologies: z.array(z.object({ idMethodology: z.int32().min(0) })).max(100),
  projectToolkits: z.array(z.object({ idToolkit: Id })).max(100),
  projectTeam: z.array(ProjectAdminTeamEntry).max(500),
  idStatus: ProjectStatusId,
  idDuringType: z.int32().min(1).max(3).nullable(),
  sendNotification: z.boolean(),
  priority: z.boolean(),
  internal: z.boolean(),
  pdcPriority: z.boolean(),
});
export type ProjectAdminFields = z.infer<typeof ProjectAdminFields>;
export type ProjectAdminField = keyof ProjectAdminFields;

const atLeastOne = (body: object) => Object.keys(body).length > 0;

/**
 * PATCH /api/projects/{id}: any non-empty subset of the fields — pdcPriority alone (Admin, PDC), or any of the
 * administration fields (Admin) — or, as before, exactly one Project Info text (whatSalesContext,
 * whyClientNeedHelp or name; 001 §7, projectInfoEdit).
 */
export const ProjectEditPatch = ProjectAdminFields.extend({
  whatSalesContext: z.string().max(20_000).nullable(),
  whyClientNeedHelp: z.string().max(20_000).nullable(),
})
  .partial()
  .strict()
  .refine(atLeastOne, { message: 'send at least one field' });
export type ProjectEditPatch = z.infer<typeof ProjectEditPatch>;

/** The administration part of a PATCH (what the Edit Project dialog sends: only the changed fields). */
export const ProjectAdminPatch = ProjectAdminFields.partial()
  .strict()
  .refine(atLeastOne, { message: 'send at least one field' });
export type ProjectAdminPatch = z.infer<typeof ProjectAdminPatch>;

/** POST /api/projects: code, name and client required; status Draft (1) unless given; the rest optional. */
export const ProjectCreate = ProjectAdminFields.partial()
  .required({ code: true, name: true, idClient: true })
  .strict();
export type ProjectCreate = z.infer<typeof ProjectCreate>;

/** GET /api/admin/project-scopes: each project's geographic scope (the admin list's SCOPE column, §2.8). */
export const ProjectScopeRow = z.object({ id: z.int32(), idGeographicScope: z.int32() });
export type ProjectScopeRow = z.infer<typeof ProjectScopeRow>;
