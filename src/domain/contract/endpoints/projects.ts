import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdParams } from '../params';
import {
  Kpis,
  ProfessionalRecord,
  ProjectChange,
  ProjectChangesQuery,
  ProjectCreate,
  ProjectDetail,
  ProjectEditPatch,
  ProjectScopeRow,
  StatusChange,
  StatusChangeResult,
  StatusHistoryEntry,
  TeamMember,
  TrainingDevelopmentPatch,
  TrainingDevelopmentRecord,
} from '../projects';

/** The endpoints of src/server/modules/projects: projects, their team, status, KPIs, L&D; professionals; admin. */
export const projects = {
  /**
   * Every project (`ProjectListItem[]`), with an ETag (304 on If-None-Match). No response schema: the server
   * answers JSON the database built, cached per list version — the web types it with `ProjectListItem`.
   */
  list: endpoint({ method: 'GET', path: '/api/projects' }),
  /** One project, with its version (ETag). */
  get: endpoint({ method: 'GET', path: '/api/projects/:id', params: IdParams, response: ProjectDetail }),
  /** The project's team. */
  team: endpoint({
    method: 'GET',
    path: '/api/projects/:id/team',
    params: IdParams,
    response: z.array(TeamMember),
  }),
  /** Moves the project to another status (spec 000 §5). */
  changeStatus: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/status',
    params: IdParams,
    body: takesBack(StatusChange, ProjectDetail),
    response: StatusChangeResult,
  }),
  /** The project's status changes. */
  statusHistory: endpoint({
    method: 'GET',
    path: '/api/projects/:id/status-history',
    params: IdParams,
    response: z.array(StatusHistoryEntry),
  }),
  /** The project's history of setup changes (001): newest first, paged (`take` ≤ 200). */
  changes: endpoint({
    method: 'GET',
    path: '/api/projects/:id/changes',
    params: IdParams,
    query: ProjectChangesQuery,
    response: z.array(ProjectChange),
  }),
  /** The project's KPIs. */
  kpis: endpoint({ method: 'GET', path: '/api/projects/:id/kpis', params: IdParams, response: Kpis }),
  /** Learning and Development (spec 000 §6), one field at a time; If-Match → 412 with the current record. */
  trainingDevelopment: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/training-development',
    params: IdParams,
    body: TrainingDevelopmentPatch,
    response: TrainingDevelopmentRecord,
  }),
  /** One professional. */
  professional: endpoint({
    method: 'GET',
    path: '/api/professionals/:id',
    params: IdParams,
    response: ProfessionalRecord,
  }),
  /** Every professional. */
  professionals: endpoint({
    method: 'GET',
    path: '/api/professionals',
    response: z.array(ProfessionalRecord),
  }),
  /** Project administration: the changed fields; If-Match → 412 with the current project. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id',
    params: IdParams,
    body: ProjectEditPatch,
    response: ProjectDetail,
  }),
  /** A new project (Admin, spec 002 §2.8), with its version (ETag). */
  create: endpoint({
    method: 'POST',
    path: '/api/projects',
    body: ProjectCreate,
    response: ProjectDetail,
    status: 201,
  }),
  /** Each project's geographic scope (the admin list's SCOPE column). */
  scopes: endpoint({ method: 'GET', path: '/api/admin/project-scopes', response: z.array(ProjectScopeRow) }),
};
