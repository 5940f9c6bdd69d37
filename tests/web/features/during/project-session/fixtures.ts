/** The project-session screens' fixtures (the tab's page and the meeting surfaces share them). */
export const person = (login: string, professionalId: number, scopes: string[] = []) => ({
  userName: login,
  email: `${login}@example.com`,
  login,
  professionalId,
  scopes,
  comanagementId: null,
  practiceId: 1,
  businessUnits: [],
});
export const MARCOS = person('marcos.manager', 6);
export const OSCAR = person('oscar.outsider', 50);

export const member = (idProfessional: number, name: string, isManager = false) => ({
  id: idProfessional,
  idProfessional,
  isManager,
  isPartner: false,
  professional: { id: idProfessional, name },
});
export const PROJECT = {
  id: 3,
  code: 'DEMO-DURING',
  name: 'Demo During Project',
  idStatus: 3,
  projectTeam: [member(6, 'Marcos Moura', true), member(9, 'Carla Costa'), member(10, 'Ivan Ito')],
  projectSession: [{ id: 30, isSetup: true }],
};
export const session = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  createdAt: '2026-03-10T12:00:00.000Z',
  discussionFocus: `Focus ${id}`,
  isSetup: false,
  submittedAt: null,
  idSubmittedBy: null,
  projectScope: null,
  projectOutScope: null,
  adjustScope: null,
  adjustScopeObs: null,
  deliveringClientNeeds: null,
  deliveringClientNeedsObs: null,
  discussionOutcomes: null,
  ...over,
});
