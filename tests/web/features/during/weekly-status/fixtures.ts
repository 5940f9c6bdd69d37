import type { WeeklyStatus } from '@domain/contract';

/** The weekly status screens' shared rows: DEMO-DURING with its team, and weekly statuses by id. */
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
  projectTeam: [member(6, 'Marcos Moura', true), member(9, 'Carla Costa')],
  projectSession: [],
};

export const ws = (id: number, over: Partial<WeeklyStatus> = {}): WeeklyStatus => ({
  id,
  createdAt: '2026-03-02T10:00:00.000Z',
  clientSubmissionDate: null,
  submittedAt: null,
  isSubmitted: false,
  signedStatus: 'draft',
  signedType: 1,
  signatureFilename: null,
  unSignatureFilename: null,
  version: 1,
  ...over,
});
export const COMPLETED = ws(11, {
  createdAt: '2026-02-09T10:00:00.000Z',
  clientSubmissionDate: '2026-02-10',
  submittedAt: '2026-02-11T09:00:00.000Z',
  isSubmitted: true,
  signedStatus: 'completed',
  signedType: 3,
  signatureFilename: 'ws-signed.pdf',
});
