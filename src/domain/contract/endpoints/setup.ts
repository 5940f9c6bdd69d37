import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import { ClientPastProject, ProjectDetail, ProjectMetadataPut } from '../projects';
import { ClientPastProjectsParams, ProposalUploaded } from '../setup';

/** Setup (spec 001 §7 "Project and setup"): Project Info's metadata, the client's other projects, the proposal. */
export const setup = {
  /** One Project Info field (idPractice … idDuringType) with If-Match; answers the project. */
  putMetadata: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/metadata',
    params: IdParams,
    body: ProjectMetadataPut,
    response: ProjectDetail,
  }),
  /** The client's other projects (Setup › Client Past Projects): code, name, methodology. */
  clientPastProjects: endpoint({
    method: 'GET',
    path: '/api/projects/:id/client/:idClient',
    params: ClientPastProjectsParams,
    response: z.array(ClientPastProject),
  }),
  /** Upload the proposal (multipart field `file`, a PDF by its content). */
  uploadProposal: endpoint({
    method: 'POST',
    path: '/api/projects/:id/proposal',
    params: IdParams,
    multipart: true,
    response: ProposalUploaded,
  }),
  /** The proposal file. */
  proposal: endpoint({ method: 'GET', path: '/api/projects/:id/proposal', params: IdParams, file: true }),
} satisfies Record<string, EndpointDef>;
