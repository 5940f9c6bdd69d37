import type { MasterProfessional, TeamMember } from '@domain/contract';

/** A professional's name: the master list (any status, 001 §7), else the project's team, else ''. */
export function nameOfProfessional(
  id: number | null | undefined,
  professionals: readonly MasterProfessional[] | undefined,
  team: readonly TeamMember[] | undefined,
): string {
  if (id == null) return '';
  return (
    professionals?.find((p) => p.ID === id)?.Name ??
    team?.find((m) => m.idProfessional === id)?.professional.name ??
    ''
  );
}
