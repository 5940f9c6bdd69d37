import type { SessionUser } from '../contract/session';
import { canSeeAdmin, hasAnyScope, isAdmin, isGovernance, teamRole, type TeamEntry } from './access';
import { ADMIN_SCREEN_SCOPES, holdersOf, REPORT_SCOPES, type ReportName } from './admin';
import { canEditToolkits } from './toolkits';
import { canEditEvaluations, canEditIdOne, canOpenEvaluationManagement } from './evaluations';
import { canForward } from './project-status';

/** Weekly statuses and the closure with the client: the project's team, or an administrator (README decision). */
export const canWorkOnSignedDocuments = (
  user: Pick<SessionUser, 'scopes' | 'professionalId'>,
  team: readonly TeamEntry[],
) => isAdmin(user) || teamRole(team, user.professionalId).isMember;
import {
  canEditDuringType,
  canEditSetup,
  canFillSetupAssessment,
  setupAssessmentDeniedMessage,
} from './setup';
import {
  canFillOnePage,
  canGrantOnePageAccess,
  canListOnePages,
  canOpenOnePage,
  canUndoOnePage,
  ONE_PAGE_FILL_DENIED_MESSAGE,
  ONE_PAGE_GRANT_DENIED_MESSAGE,
  ONE_PAGE_LIST_DENIED_MESSAGE,
  ONE_PAGE_OPEN_DENIED_MESSAGE,
  ONE_PAGE_UNDO_DENIED_MESSAGE,
  onePageOpenDeniedMessage,
} from './onepage';
import {
  DNA_ROWS_DENIED_MESSAGE,
  DNA_SESSIONS_DENIED_MESSAGE,
  dnaRowDeniedMessage,
  dnaSessionWriteRefusal,
  mayWriteSomeDnaRow,
} from './dna';

/**
 * Who may call what: every route of the server declares one of these rules, the web app uses the same
 * functions to hide and disable, and the README's permission table is generated from the declarations.
 */

export type RuleUser = Pick<SessionUser, 'scopes' | 'professionalId'>;

/** The caller's relation to one project, loaded once per request by the server's project-access step. */
export interface ProjectAccess {
  user: RuleUser;
  project: { id: number; idStatus: number };
  team: readonly TeamEntry[];
}

/** The caller's relation to a project, most specific first. */
export type Relation = 'manager' | 'partner' | 'member' | 'outsider';
export function relationOf(access: Pick<ProjectAccess, 'user' | 'team'>): Relation {
  const r = teamRole(access.team, access.user.professionalId);
  return r.isManager ? 'manager' : r.isPartner ? 'partner' : r.isMember ? 'member' : 'outsider';
}

interface RuleBase {
  /** Stable name, shown in the permission table. */
  name: string;
  /** Who is allowed, in a sentence (the permission table's text). */
  description: string;
  /** The 403 message for everybody else. */
  denied: string;
}
/** A rule on the signed-in user alone. */
export interface UserRule extends RuleBase {
  kind: 'user';
  allows(user: RuleUser): boolean;
}
/** A rule on the user's relation to one project. */
export interface ProjectRule extends RuleBase {
  kind: 'project';
  allows(access: ProjectAccess): boolean;
  /** A message that depends on who is refused (default: `denied`). */
  deniedFor?(access: ProjectAccess): string;
}
export type AccessRule = UserRule | ProjectRule;

const userRule = (r: Omit<UserRule, 'kind'>): UserRule => ({ kind: 'user', ...r });
const projectRule = (r: Omit<ProjectRule, 'kind'>): ProjectRule => ({ kind: 'project', ...r });

export const RULES = {
  signedIn: userRule({
    name: 'signedIn',
    description: 'Every signed-in, active professional',
    denied: 'Sign in required',
    allows: () => true,
  }),
  adminArea: userRule({
    name: 'adminArea',
    description: 'Holders of Admin, IDOne, KNW or PDC',
    denied: 'This needs one of the scopes Admin, IDOne, KNW or PDC',
    allows: (u) => canSeeAdmin(u),
  }),
  admin: userRule({
    name: 'admin',
    description: 'Holders of Admin',
    denied: 'Only an administrator may do this',
    allows: (u) => isAdmin(u),
  }),
  projectRead: projectRule({
    name: 'projectRead',
    description: 'Every signed-in professional (every project is listed for everyone)',
    denied: 'Sign in required',
    allows: () => true,
  }),
  projectStatus: projectRule({
    name: 'projectStatus',
    description:
      "Admin (sets Setup…Paused directly); the project's manager or partner (forward one step, spec rules → 409)",
    denied: "Only the project's manager or partner, or an administrator, may change its status",
    allows: (a) => canForward(a.user, a.team),
  }),
  trainingDevelopment: projectRule({
    name: 'trainingDevelopment',
    description: "The project's manager or partner; holders of Admin or OnePage",
    denied:
      "Only the project's partner or manager, or holders of Admin or OnePage, may change Learning and Development",
    allows: (a) => canOpenEvaluationManagement(a.user, a.team),
  }),
  projectSessions: projectRule({
    name: 'projectSessions',
    description: "The project's team; holders of Admin or OnePage",
    denied: 'Only team members may work on project sessions',
    allows: (a) =>
      isAdmin(a.user) || isGovernance(a.user) || teamRole(a.team, a.user.professionalId).isMember,
  }),
  toolkitsEdit: projectRule({
    name: 'toolkitsEdit',
    description: "Admin; the project's manager or partner when the project is not in Setup",
    denied:
      "Toolkits can be changed by an administrator, or by the project's manager or partner once the project is not in Setup",
    allows: (a) => canEditToolkits(a.user, a.team, a.project.idStatus),
  }),
  evaluationsRead: projectRule({
    name: 'evaluationsRead',
    description: "The project's manager or partner; holders of Admin or OnePage",
    denied: "Evaluation Management is for the project's partner or manager, or holders of Admin or OnePage",
    allows: (a) => canOpenEvaluationManagement(a.user, a.team),
  }),
  evaluationsEdit: projectRule({
    name: 'evaluationsEdit',
    description: "Admin; the project's manager or partner when the project is not in Setup",
    denied:
      "Evaluations are edited by an administrator, or by the project's manager or partner once the project is not in Setup",
    allows: (a) => canEditEvaluations(a.user, a.team, a.project.idStatus),
  }),
  idOneEdit: projectRule({
    name: 'idOneEdit',
    description: "Admin; holders of IDOne and the project's team when the project is not in Setup",
    denied:
      "ID One records are edited by an administrator, or by ID One staff and the project's team once the project is not in Setup",
    allows: (a) => canEditIdOne(a.user, a.team, a.project.idStatus),
  }),
  setupEdit: projectRule({
    name: 'setupEdit',
    description: "Admin at any time; members of the project's team while the project is in Setup",
    denied:
      "Setup pages are edited by the project's team while the project is in Setup, or by an administrator",
    allows: (a) => canEditSetup(a.user, a.team, a.project.idStatus),
  }),
  clientEdit: userRule({
    name: 'clientEdit',
    description:
      'With ?projectId=N: as setupEdit on that project, whose client it must be (description and culture only, unless Admin/KNW); without: holders of Admin or KNW',
    denied: 'Only an administrator or KNW may edit a client outside a project',
    // the path names a client: the service decides with the request's project (client.service.ts)
    allows: () => true,
  }),
  projectInfoEdit: projectRule({
    name: 'projectInfoEdit',
    description:
      "Project Info, one field: title, practice, methodology, geography, scope, office, co-management — Admin; During Type — Admin, the project's manager or a partner; sales context, why the client needs help — as setupEdit",
    denied:
      "Project Info is edited by the project's team while the project is in Setup, by its manager or partner (During Type), or by an administrator",
    allows: (a) => canEditSetup(a.user, a.team, a.project.idStatus) || canEditDuringType(a.user, a.team),
  }),
  setupAssessmentFill: projectRule({
    name: 'setupAssessmentFill',
    description:
      "Team members who are neither the project's manager nor a partner: while the project is in Setup, or at any time when holding Admin",
    denied: 'You are not able to fill the setup assessment',
    allows: (a) => canFillSetupAssessment(a.user, a.team, a.project.idStatus),
    deniedFor: (a) => setupAssessmentDeniedMessage(a.user, a.team),
  }),
  // --- session records
  sessionRecordsEdit: projectRule({
    name: 'sessionRecordsEdit',
    description:
      "A session and its records (stakeholders, roles, expectations, deliverables, risks): the setup session — Admin at any time, the project's team while in Setup; a During session — the project's team, holders of Admin or OnePage, until it is submitted (409)",
    denied: 'Only team members may work on project sessions',
    // = mayWriteSomeSession (rules/sessions.ts): the service applies sessionWriteRefusal per session kind
    allows: (a) =>
      canEditSetup(a.user, a.team, a.project.idStatus) ||
      isAdmin(a.user) ||
      isGovernance(a.user) ||
      teamRole(a.team, a.user.professionalId).isMember,
  }),
  // --- professional DNA during
  dnaSessionsEdit: projectRule({
    name: 'dnaSessionsEdit',
    description:
      "Professional DNA sessions (During) and their entries: the project's team and holders of OnePage while the project is neither Draft nor Finished; Admin at any status",
    denied: DNA_SESSIONS_DENIED_MESSAGE,
    allows: (a) => dnaSessionWriteRefusal(a.user, a.team, a.project.idStatus) === null,
    deniedFor: (a) =>
      dnaSessionWriteRefusal(a.user, a.team, a.project.idStatus)?.message ?? DNA_SESSIONS_DENIED_MESSAGE,
  }),
  professionalDnaEdit: projectRule({
    name: 'professionalDnaEdit',
    description:
      'One DNA row: a setup row as setupEdit; a During entry as dnaSessionsEdit (the service decides by the row)',
    denied: DNA_ROWS_DENIED_MESSAGE,
    // = mayWriteSomeDnaRow (rules/dna.ts): the service applies dnaRowWriteRefusal for the row's kind
    allows: (a) => mayWriteSomeDnaRow(a.user, a.team, a.project.idStatus),
    deniedFor: (a) => dnaRowDeniedMessage(a.user, a.team),
  }),
  // --- one-pages
  onePageList: projectRule({
    name: 'onePageList',
    description:
      "The project's one-page list: its manager or partner, team members granted One-Page access, holders of Admin, OnePage or PDC",
    denied: ONE_PAGE_LIST_DENIED_MESSAGE,
    allows: (a) => canListOnePages(a.user, a.team),
    deniedFor: (a) => onePageOpenDeniedMessage(a.user, a.team, true),
  }),
  onePageOpen: projectRule({
    name: 'onePageOpen',
    description:
      "One one-page and its allocations: the project's manager or partner, team members granted One-Page access, holders of Admin or OnePage",
    denied: ONE_PAGE_OPEN_DENIED_MESSAGE,
    allows: (a) => canOpenOnePage(a.user, a.team),
    deniedFor: (a) => onePageOpenDeniedMessage(a.user, a.team),
  }),
  onePageFill: projectRule({
    name: 'onePageFill',
    description:
      "Fill and submit a one-page and its allocation suggestions: the project's manager or partner, holders of Admin or OnePage (409 once submitted)",
    denied: ONE_PAGE_FILL_DENIED_MESSAGE,
    allows: (a) => canFillOnePage(a.user, a.team),
  }),
  onePageUndo: projectRule({
    name: 'onePageUndo',
    description: 'Undo a submitted one-page: holders of OnePage (the governance scope)',
    denied: ONE_PAGE_UNDO_DENIED_MESSAGE,
    allows: (a) => canUndoOnePage(a.user),
  }),
  onePageGrant: projectRule({
    name: 'onePageGrant',
    description:
      "Grant or revoke a team member's One-Page access: the project's manager or partner, holders of Admin or OnePage",
    denied: ONE_PAGE_GRANT_DENIED_MESSAGE,
    allows: (a) => canGrantOnePageAccess(a.user, a.team),
  }),
  // --- signatures
  weeklyStatusEdit: projectRule({
    name: 'weeklyStatusEdit',
    description:
      "A weekly status, its sections, recipients, submit, resend and delete: the project's team; holders of Admin (the state rules of spec 001 §4 → 409)",
    denied: "Only the project's team may work on its weekly statuses",
    allows: (a) => canWorkOnSignedDocuments(a.user, a.team),
  }),
  closureClientEdit: projectRule({
    name: 'closureClientEdit',
    description:
      "Closure With Client: the four items, the legal document wizard, its recipients and file — the project's team; holders of Admin (editable only while the signature is absent, draft or reproved → 409)",
    denied: "Only the project's team may work on its closure with the client",
    allows: (a) => canWorkOnSignedDocuments(a.user, a.team),
  }),
  // --- closure internal, CRM and dashboards
  closureInternalEdit: projectRule({
    name: 'closureInternalEdit',
    description:
      "Closure Internal: the four checklist items, the close-out form and its files, the sanitized references and the CRM file — the project's team; holders of Admin",
    denied: "Only the project's team may work on its internal closure",
    allows: (a) => canWorkOnSignedDocuments(a.user, a.team),
  }),
  crmEdit: userRule({
    name: 'crmEdit',
    description:
      'CRM contacts (/crm): the project named in the body — its team, or holders of Admin (the service checks the project)',
    denied: "Only the project's team may save its CRM contacts",
    // the body names the project: the service decides with canWorkOnSignedDocuments on that project's team
    allows: () => true,
  }),
  dashboardCommentEdit: projectRule({
    name: 'dashboardCommentEdit',
    description: "A dashboard's comments: holders of Admin or OnePage, the project's manager or partner",
    denied:
      "Dashboard comments are written by the project's manager or partner, or by holders of Admin or OnePage",
    allows: (a) => {
      const r = teamRole(a.team, a.user.professionalId);
      return isAdmin(a.user) || isGovernance(a.user) || r.isManager || r.isPartner;
    },
  }),
  dashboardEmailAccess: projectRule({
    name: 'dashboardEmailAccess',
    description: "Manage Email Access of the dashboards: holders of Admin, the project's manager or partner",
    denied:
      "The dashboard e-mail list is managed by the project's manager or partner, or by an administrator",
    allows: (a) => {
      const r = teamRole(a.team, a.user.professionalId);
      return isAdmin(a.user) || r.isManager || r.isPartner;
    },
  }),
  // --- the admin screens (src/domain/rules/admin.ts holds the scope sets)
  supervisionEdit: scopeRule(
    'supervisionEdit',
    ADMIN_SCREEN_SCOPES.supervisionEdit,
    'Only an administrator may edit the supervision of a project',
  ),
  pdcPriority: scopeRule(
    'pdcPriority',
    ADMIN_SCREEN_SCOPES.pdcPriority,
    'The PDC priority is set by holders of Admin or PDC',
  ),
  knm: scopeRule('knm', ADMIN_SCREEN_SCOPES.knm, 'The KNM screens need the scope Admin or KNW'),
  idOneCentre: scopeRule(
    'idOneCentre',
    ADMIN_SCREEN_SCOPES.idOneCentre,
    'The ID One Accredited Centre needs the scope Admin or IDOne',
  ),
  projectEdit: projectRule({
    name: 'projectEdit',
    description:
      'Changed fields of a project: one Project Info field as projectInfoEdit; pdcPriority alone — holders of Admin or PDC; every other field (project administration: code, client, links, team, toolkits, status, flags) — holders of Admin',
    denied:
      'Projects are edited by an administrator, the PDC priority also by PDC, Project Info also by the project team',
    allows: (a) =>
      canEditSetup(a.user, a.team, a.project.idStatus) ||
      canEditDuringType(a.user, a.team) ||
      hasAnyScope(a.user, ADMIN_SCREEN_SCOPES.pdcPriority),
  }),
  projectAdmin: scopeRule(
    'projectAdmin',
    ADMIN_SCREEN_SCOPES.projectAdmin,
    'Only an administrator may create or edit projects here',
  ),
} as const;

/** A user rule for a set of scopes (the admin screens'). */
function scopeRule(name: string, scopes: readonly string[], denied: string): UserRule {
  return userRule({ name, description: holdersOf(scopes), denied, allows: (u) => hasAnyScope(u, scopes) });
}

/** The rule of one report download (REPORT_SCOPES): `report:<name>` in the permission table. */
export const reportRule = (report: ReportName): UserRule =>
  scopeRule(
    `report:${report}`,
    REPORT_SCOPES[report],
    `This report needs the scope ${REPORT_SCOPES[report].map((s) => s.replace('API.Portal.', '')).join(' or ')}`,
  );

export type RuleName = keyof typeof RULES;

/** Whether a rule allows the caller (the web app's mirror of the server's check). */
export function allows(
  rule: AccessRule,
  user: RuleUser,
  project?: ProjectAccess['project'],
  team?: readonly TeamEntry[],
): boolean {
  if (rule.kind === 'user') return rule.allows(user);
  if (!project) return false;
  return rule.allows({ user, project, team: team ?? [] });
}
