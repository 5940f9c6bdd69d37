export interface TeamMember {
  id: number;
  idProfessional: number;
  isManager: boolean;
  isPartner: boolean;
  isOnePageAllow: boolean;
  professional: {
    id: number;
    name: string;
    email: string;
    login: string;
    photoGUID: string | null;
    isActive: boolean;
    jobTitle: { name: string };
  };
}

export interface ProjectDetail {
  id: number;
  code: string;
  name: string;
  idStatus: number;
  client: { id: number; name: string } | null;
  endDate: string | null;
  startDate: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  projectManager: (TeamMember['professional'] & { idProfessional: number }) | null;
  projectPartner: (TeamMember['professional'] & { idProfessional: number }) | null;
  projectTeam: TeamMember[];
  projectPractices: { idPractice: number }[];
  projectGeographics: { idGeographic: number }[];
  missingAssessmentNames: string;
  /** Whether the close-out form is complete (the rule the server applies to 4→5). */
  closeOutComplete?: boolean;
  projectTrainingDevelopment?: { tdOportunity: boolean | null; text: string | null };
}

export { projectQueryOptions, useProject } from '@web/api/project';
