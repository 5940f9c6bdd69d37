import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import {
  ProjectToolkitCreate,
  ProjectToolkitRow,
  ProjectToolkitUpdate,
  ToolkitChangeAllParams,
  ToolkitChangeParams,
  ToolkitPermissions,
  ToolkitRowParams,
} from '../toolkits';

/** Toolkits (spec 000 §7): `:toolkitId` in the paths is the project-toolkit record id. */
export const toolkits = {
  /** The project's toolkits. */
  list: endpoint({
    method: 'GET',
    path: '/api/project/:id/toolkits',
    params: IdParams,
    response: z.array(ProjectToolkitRow),
  }),
  /** What the caller may do with them (the UI mirrors it). */
  permissions: endpoint({
    method: 'GET',
    path: '/api/project/:id/toolkits/permissions',
    params: IdParams,
    response: ToolkitPermissions,
  }),
  /** One project toolkit; ETag. */
  get: endpoint({
    method: 'GET',
    path: '/api/project/:id/toolkits/:toolkitId',
    params: ToolkitRowParams,
    response: ProjectToolkitRow,
  }),
  /** Add a toolkit to the project. */
  create: endpoint({
    method: 'POST',
    path: '/api/project/:id/toolkits',
    params: IdParams,
    body: ProjectToolkitCreate,
    response: ProjectToolkitRow,
    status: 201,
  }),
  /** Change a project toolkit, with If-Match. */
  update: endpoint({
    method: 'PUT',
    path: '/api/project/:id/toolkits/:toolkitId',
    params: ToolkitRowParams,
    body: takesBack(ProjectToolkitUpdate, ProjectToolkitRow),
    response: ProjectToolkitRow,
  }),
  /** Remove a project toolkit. */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/project/:id/toolkits/:toolkitId',
    params: ToolkitRowParams,
  }),
  /** Set one toolkit's status. */
  change: endpoint({
    method: 'PUT',
    path: '/api/project/:id/toolkits/:toolkitId/change/:statusId',
    params: ToolkitChangeParams,
    response: ProjectToolkitRow,
  }),
  /** Set every toolkit's status; answers the project's list. */
  changeAll: endpoint({
    method: 'PUT',
    path: '/api/project/:id/toolkits/change-all/:statusId',
    params: ToolkitChangeAllParams,
    response: z.array(ProjectToolkitRow),
  }),
} satisfies Record<string, EndpointDef>;
