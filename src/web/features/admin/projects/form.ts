import { z } from 'zod';
import {
  Id,
  ProjectAdminFields,
  type ProjectAdminPatch,
  type ProjectCreate,
  type ProjectDetail,
} from '@domain/contract';

const F = ProjectAdminFields.shape;
const ids = z.array(z.number());

/**
 * The Edit Project dialog's values (002 §2.8): the contract's fields, the team split into project leader,
 * partners / responsible and members as the dialog shows them.
 */
export const ProjectForm = z
  .object({
    code: F.code,
    name: F.name,
    idClient: F.idClient,
    idSupportComanagement: F.idSupportComanagement,
    geographics: ids,
    geographicScopes: ids,
    offices: ids,
    coManagements: ids,
    practices: ids,
    methodologies: ids,
    toolkits: ids,
    partners: ids,
    manager: Id.nullable(),
    members: ids,
    idStatus: F.idStatus,
    idDuringType: F.idDuringType,
    sendNotification: F.sendNotification,
  })
  .superRefine((v, ctx) => {
    const leads = new Set([...(v.manager ? [v.manager] : []), ...v.partners]);
    if (v.manager && v.partners.includes(v.manager))
      ctx.addIssue({
        code: 'custom',
        path: ['partners'],
        message: 'The project leader cannot also be a partner',
      });
    if (v.members.some((m) => leads.has(m)))
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'A person has one role on the team' });
    if (!v.manager && v.partners.length + v.members.length > 0)
      ctx.addIssue({ code: 'custom', path: ['manager'], message: 'Choose the project leader of this team' });
  });
export type ProjectFormValues = z.input<typeof ProjectForm>;

/** The dialog's values of a project (or of a new one: Draft, notifications on). */
export function formValuesOf(p: ProjectDetail | undefined, toolkitIds: number[] = []): ProjectFormValues {
  if (!p)
    return {
      code: '',
      name: '',
      idClient: null as unknown as number,
      idSupportComanagement: null,
      geographics: [],
      geographicScopes: [],
      offices: [],
      coManagements: [],
      practices: [],
      methodologies: [],
      toolkits: [],
      partners: [],
      manager: null,
      members: [],
      idStatus: 1,
      idDuringType: null,
      sendNotification: true,
    };
  const team = p.projectTeam;
  return {
    code: p.code,
    name: p.name,
    idClient: (p.idClient ?? p.client?.id ?? null) as number,
    idSupportComanagement: p.idSupportComanagement ?? null,
    geographics: p.projectGeographics.map((x) => x.idGeographic),
    geographicScopes: (p.projectGeographicScopes ?? []).map((x) => x.idGeographicScope),
    offices: (p.projectOffices ?? []).map((x) => x.idOffice),
    coManagements: (p.projectCoManagements ?? []).map((x) => x.idCoManagement),
    practices: p.projectPractices.map((x) => x.idPractice),
    methodologies: (p.projectMethodologies ?? []).map((x) => x.idMethodology),
    toolkits: toolkitIds,
    partners: team.filter((t) => t.isPartner).map((t) => t.idProfessional),
    manager: team.find((t) => t.isManager)?.idProfessional ?? null,
    members: team.filter((t) => !t.isManager && !t.isPartner).map((t) => t.idProfessional),
    idStatus: p.idStatus,
    idDuringType: p.idDuringType ?? null,
    sendNotification: p.sendNotification ?? true,
  };
}

const sorted = (a: readonly number[]) => [...new Set(a)].sort((x, y) => x - y);

/** The request body of the dialog's values (every field). */
export function bodyOf(
  v: ProjectFormValues,
): ProjectCreate & Required<Omit<ProjectAdminPatch, 'priority' | 'internal' | 'pdcPriority'>> {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    idClient: v.idClient,
    idSupportComanagement: v.idSupportComanagement ?? null,
    projectGeographics: sorted(v.geographics).map((idGeographic) => ({ idGeographic })),
    projectGeographicScopes: sorted(v.geographicScopes).map((idGeographicScope) => ({ idGeographicScope })),
    projectOffices: sorted(v.offices).map((idOffice) => ({ idOffice })),
    projectCoManagements: sorted(v.coManagements).map((idCoManagement) => ({ idCoManagement })),
    projectPractices: sorted(v.practices).map((idPractice) => ({ idPractice })),
    projectMethodologies: sorted(v.methodologies).map((idMethodology) => ({ idMethodology })),
    projectToolkits: sorted(v.toolkits).map((idToolkit) => ({ idToolkit })),
    projectTeam: [
      ...(v.manager ? [{ idProfessional: v.manager, isManager: true, isPartner: false }] : []),
      ...sorted(v.partners).map((idProfessional) => ({ idProfessional, isManager: false, isPartner: true })),
      ...sorted(v.members).map((idProfessional) => ({ idProfessional, isManager: false, isPartner: false })),
    ],
    idStatus: v.idStatus,
    idDuringType: v.idDuringType ?? null,
    sendNotification: v.sendNotification,
  };
}

/** Only the fields whose value differs from the loaded project's (PATCH sends the changed fields, 002 §7). */
export function changedFields(initial: ProjectFormValues, edited: ProjectFormValues): ProjectAdminPatch {
  const a = bodyOf(initial) as Record<string, unknown>;
  const b = bodyOf(edited) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(b)) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = b[key];
  return out as ProjectAdminPatch;
}
