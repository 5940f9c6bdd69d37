import type { ProjectAccess } from '@domain/rules';
import type { DB } from '../db';
/** The column's check constraint (migration 0005). */
export type ChangeAction = 'added' | 'changed' | 'removed' | 'uploaded' | 'imported';

export interface ProjectChange {
  projectId: number;
  /** The professional who made the change (the signed-in caller). */
  by: number | null;
  /** The page or part: 'Project Info', 'Client', 'Stakeholders', 'Risks', 'Setup Assessment', … */
  area: string;
  action: ChangeAction;
  /** What changed, for a person: 'Sales Context', 'Stakeholder Helena Souza', 'proposal.pdf'. */
  subject: string;
}

/**
 * Records a setup change in the project's history (listed on Project Home below the status history).
 * Call it in the same transaction as the write when there is one (pass the transaction as `db`).
 */
export async function recordChange(db: DB, change: ProjectChange | ProjectChange[]) {
  const rows = [change].flat();
  if (rows.length === 0) return;
  await db
    .insertInto('projectChanges')
    .values(
      rows.map((c) => ({
        projectId: c.projectId,
        changedBy: c.by,
        area: c.area,
        action: c.action,
        subject: c.subject.slice(0, 300),
      })),
    )
    .execute();
}

/** The change the caller of a project route (`access`: its project and signed-in professional) makes. */
export const callerChange = (
  access: ProjectAccess,
  area: string,
  action: ChangeAction,
  subject: string,
): ProjectChange => ({ projectId: access.project.id, by: access.user.professionalId, area, action, subject });
