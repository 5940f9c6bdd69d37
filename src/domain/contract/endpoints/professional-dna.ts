import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import {
  DnaEntryCreate,
  DnaEntryRecord,
  DnaSessionCreate,
  DnaSessionUpdate,
  ProfessionalDnaCreate,
  ProfessionalDnaRecord,
  ProfessionalDnaRowRecord,
  ProfessionalDnaRowUpdate,
  ProjectProfessionalDnaRecord,
} from '../setup';

/**
 * Professional DNA (spec 001 §7): Setup — the paths say `session-type/1` literally; During — DNA sessions
 * (`session-type/2`) and their entries. `:id` is the project, a DNA row, or a DNA session, as each path says.
 */
export const professionalDna = {
  /** The project's setup DNA session (type 1). */
  setupSessions: endpoint({
    method: 'GET',
    path: '/api/project-professional-dnas/project/:id/session-type/1',
    params: IdParams,
    response: z.array(ProjectProfessionalDnaRecord),
  }),
  /** The project's setup DNA rows. */
  setupRows: endpoint({
    method: 'GET',
    path: '/api/professional-dnas/project/:id/session-type/1',
    params: IdParams,
    response: z.array(ProfessionalDnaRecord),
  }),
  /** Add a setup DNA row. */
  createSetupRow: endpoint({
    method: 'POST',
    path: '/api/professional-dnas/project/:id/session-type/1',
    params: IdParams,
    body: ProfessionalDnaCreate,
    response: ProfessionalDnaRecord,
    status: 201,
  }),
  /** Change one DNA row — a setup row or a During entry — with If-Match. */
  updateRow: endpoint({
    method: 'PUT',
    path: '/api/professional-dnas/:id',
    params: IdParams,
    body: takesBack(ProfessionalDnaRowUpdate, ProfessionalDnaRecord, DnaEntryRecord),
    response: ProfessionalDnaRowRecord,
  }),
  /** Delete one DNA row (either kind), with If-Match. */
  removeRow: endpoint({ method: 'DELETE', path: '/api/professional-dnas/:id', params: IdParams }),
  /** The project's During DNA sessions (type 2). */
  sessions: endpoint({
    method: 'GET',
    path: '/api/project-professional-dnas/project/:id/session-type/2',
    params: IdParams,
    response: z.array(ProjectProfessionalDnaRecord),
  }),
  /** Add a During DNA session. */
  createSession: endpoint({
    method: 'POST',
    path: '/api/project-professional-dnas/project/:id/session-type/2',
    params: IdParams,
    body: DnaSessionCreate,
    response: ProjectProfessionalDnaRecord,
    status: 201,
  }),
  /** Change a DNA session's dates, with If-Match. */
  updateSession: endpoint({
    method: 'PUT',
    path: '/api/project-professional-dnas/:id',
    params: IdParams,
    body: takesBack(DnaSessionUpdate, ProjectProfessionalDnaRecord),
    response: ProjectProfessionalDnaRecord,
  }),
  /** Delete a DNA session, with If-Match. */
  removeSession: endpoint({ method: 'DELETE', path: '/api/project-professional-dnas/:id', params: IdParams }),
  /** The entries of one DNA session. */
  entries: endpoint({
    method: 'GET',
    path: '/api/professional-dnas/project-professional-dna/:id',
    params: IdParams,
    response: z.array(DnaEntryRecord),
  }),
  /** Add an entry to a DNA session. */
  createEntry: endpoint({
    method: 'POST',
    path: '/api/professional-dnas/project-professional-dna/:id',
    params: IdParams,
    body: DnaEntryCreate,
    response: DnaEntryRecord,
    status: 201,
  }),
} satisfies Record<string, EndpointDef>;
