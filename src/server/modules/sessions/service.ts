import type { ProjectSession, ProjectSessionBody } from '@domain/contract';
import type { z } from 'zod';
import type { DB } from '../../db';
import { toIso } from '../../platform/dates';
import * as repo from './repo';

/**
 * Project sessions (spec 001 §7, the list and creation; the session screen and its sub-records come
 * with the During issue). Who may read and create is the routes' rule (projectSessions).
 */
const toSession = (r: repo.SessionRow): ProjectSession => ({
  id: r.id,
  createdAt: toIso(r.createdAt)!,
  discussionFocus: r.discussionFocus,
  isSetup: r.isSetup,
  submittedAt: toIso(r.submittedAt),
  idSubmittedBy: r.submittedById,
  projectScope: r.projectScope,
  projectOutScope: r.projectOutScope,
  adjustScope: r.adjustScope,
  adjustScopeObs: r.adjustScopeObs,
  deliveringClientNeeds: r.deliveringClientNeeds,
  deliveringClientNeedsObs: r.deliveringClientNeedsObs,
  discussionOutcomes: r.discussionOutcomes,
});

export const list = async (db: DB, projectId: number) =>
  (await repo.listSessions(db, projectId)).map(toSession);

export const create = async (db: DB, projectId: number, body: z.infer<typeof ProjectSessionBody>) =>
  toSession(await repo.insertSession(db, projectId, body));
