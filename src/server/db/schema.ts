import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the database (camelCase here, snake_case in SQL through CamelCasePlugin). */
type Serial = Generated<number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** DATE columns are read as 'YYYY-MM-DD' strings. */
type DateCol = ColumnType<string | null, string | null | undefined, string | null>;
type Num = ColumnType<number, number | undefined, number>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Version = ColumnType<number, number | undefined, number>;

interface IdName {
  id: number;
  name: string;
}

export interface ProfessionalsTable {
  id: Serial;
  name: string;
  email: string;
  login: string;
  jobTitle: string | null;
  photoGuid: string | null;
  isActive: Flag;
  practiceId: number | null;
  comanagementId: number | null;
  businessUnits: ColumnType<string[], string[] | undefined, string[]>;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  photo: Buffer | null;
  photoContentType: string | null;
}

export interface ProjectsTable {
  id: Serial;
  code: string;
  name: string;
  clientId: number | null;
  idStatus: Num;
  idDuringType: number | null;
  startDate: DateCol;
  endDate: DateCol;
  closedAt: NullableTimestamp;
  whatSalesContext: string | null;
  whyClientNeedHelp: string | null;
  proposalFilename: string | null;
  idSupportComanagement: number | null;
  priority: Flag;
  internal: Flag;
  pdcPriority: Flag;
  idAllocationStatus: Num;
  sendNotification: Flag;
  businessUnitId: number | null;
  projectScope: string | null;
  projectOutScope: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  version: Version;
}

export interface ProjectTeamTable {
  id: Serial;
  projectId: number;
  professionalId: number;
  isManager: Flag;
  isPartner: Flag;
  isOnePageAllow: Flag;
}

export interface Database {
  practices: IdName;
  businessUnits: IdName;
  methodologies: IdName & { practiceId: number | null };
  geographics: IdName;
  geographicScopes: IdName;
  offices: IdName;
  comanagements: IdName;
  languages: IdName;
  segments: IdName;
  positions: IdName;
  duringTypes: IdName;
  allocationStatuses: IdName;
  evaluationCycles: { id: number; period: string; year: number; isActive: Flag };
  scheduleWeeks: { id: Serial; startDate: string; endDate: string };
  clients: IdName & { economicGroup: string | null; clientDescription: string | null; clientCulture: string | null; version: Version; updatedAt: Timestamp };
  clientSegments: { clientId: number; segmentId: number; segmentLevel: number };
  toolkits: IdName & { isActive: Flag; methodologyId: number | null };
  professionals: ProfessionalsTable;

  projects: ProjectsTable;
  projectTeam: ProjectTeamTable;
  projectPractices: { projectId: number; practiceId: number };
  projectMethodologies: { projectId: number; methodologyId: number };
  projectGeographics: { projectId: number; geographicId: number };
  projectGeographicScopes: { projectId: number; geographicScopeId: number };
  projectOffices: { projectId: number; officeId: number };
  projectCoManagements: { projectId: number; comanagementId: number };
  projectTrainingDevelopment: { projectId: number; tdOportunity: boolean | null; text: string | null; updatedAt: Timestamp };
  projectStatusHistory: { id: Serial; projectId: number; fromStatus: number | null; toStatus: number; changedBy: number | null; changedAt: Timestamp };
  mailOutbox: {
    id: Serial;
    toAddress: string;
    subject: string;
    body: string;
    createdAt: Timestamp;
    sentAt: NullableTimestamp;
    error: string | null;
    attempts: Num;
  };
  files: {
    id: Serial;
    ownerKind: string;
    ownerId: number;
    filename: string;
    contentType: string;
    size: number;
    content: Buffer | null;
    storageKey: string | null;
    createdAt: Timestamp;
  };

  projectEvaluations: {
    id: Serial;
    projectId: number;
    professionalId: number;
    evaluatorId: number | null;
    validatorId: number | null;
    partnerId: number | null;
    cycleId: number;
    totalDays: Num;
    isEligible: Flag;
    evaluationStatus: ColumnType<string, string | undefined, string>;
    isReadOnly: Flag;
    version: Version;
    updatedAt: Timestamp;
  };
  projectIdOnes: {
    id: Serial;
    projectId: number;
    responsibleDefinitionId: number | null;
    numberProfile: Num;
    additionalProfiles: Num;
    clientNameDefined: Flag;
    version: Version;
  };
  projectToolkits: { id: Serial; projectId: number; toolkitId: number; idStatus: Num; createdAt: Timestamp; updatedAt: Timestamp };

  projectSessions: {
    id: Serial;
    projectId: number;
    isSetup: Flag;
    discussionFocus: string | null;
    createdAt: Timestamp;
    submittedAt: NullableTimestamp;
    submittedById: number | null;
    projectScope: string | null;
    projectOutScope: string | null;
    adjustScope: number | null;
    adjustScopeObs: string | null;
    deliveringClientNeeds: number | null;
    deliveringClientNeedsObs: string | null;
    discussionOutcomes: string | null;
    version: Version;
    updatedAt: Timestamp;
  };
  sessionStakeholders: {
    id: Serial;
    projectId: number;
    sessionId: number;
    name: string;
    professionalResponsibleId: number | null;
    position: string | null;
    birthday: DateCol;
    language: string | null;
    currentStatus: number | null;
    actionPlan: string | null;
    createdAt: Timestamp;
    version: Version;
  };
  sessionRars: {
    id: Serial;
    projectId: number;
    sessionId: number;
    professionalId: number | null;
    rarSupportingPoint: string | null;
    rarTechnicalRole: string | null;
    rarNonTechnicalRole: string | null;
    version: Version;
  };
  sessionExpectations: { id: Serial; projectId: number; sessionId: number; stakeholder: string | null; expectation: string | null; observation: string | null; version: Version };
  sessionDeliverables: { id: Serial; projectId: number; sessionId: number; deliverable: string | null; detail: string | null; version: Version };
  sessionRisks: { id: Serial; projectId: number; sessionId: number; risk: string | null; riskStatus: number | null; observation: string | null; version: Version };
  projectProfessionalDnas: { id: Serial; projectId: number; sessionType: number; sessionDate: DateCol; sessionNextDate: DateCol; createdAt: Timestamp; version: Version };
  professionalDnas: {
    id: Serial;
    projectId: number;
    projectProfessionalDnaId: number | null;
    sessionType: number;
    professionalId: number;
    goalsForProject: string | null;
    individualNeeds: string | null;
    dnaMetExpectation: number | null;
    createdAt: Timestamp;
    version: Version;
  };
  setupAssessments: {
    id: Serial;
    projectId: number;
    professionalId: number;
    rating: number | null;
    ratingDescription: string | null;
    watchedToolkit: number | null;
    doYouFeelComfortable: number | null;
    howCouldBeenDoneBetter: string | null;
    createdBy: number | null;
    updatedBy: number | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
    version: Version;
  };
  setupFinalizations: { id: Serial; projectId: number; professionalId: number; presenceType: string | null; version: Version };

  onePages: OnePagesTable;
  allocationSuggestions: {
    id: Serial;
    onePageId: number;
    professionalId: number;
    practiceId: number | null;
    totalDays: Num;
    feedback: string | null;
    isApproved: Flag;
    version: Version;
  };
  allocationSuggestionWeeks: { id: Serial; allocationSuggestionId: number; weekOffset: number; totalDays: Num };
  weeklyStatuses: {
    id: Serial;
    projectId: number;
    createdAt: Timestamp;
    clientSubmissionDate: DateCol;
    submittedAt: NullableTimestamp;
    isSubmitted: Flag;
    signedStatus: ColumnType<string, string | undefined, string>;
    signedType: number | null;
    signatureFilename: string | null;
    unSignatureFilename: string | null;
    version: Version;
    updatedAt: Timestamp;
  };
  weeklyStatusContents: {
    id: Serial;
    weeklyStatusId: number;
    type: number;
    frontHeader: string | null;
    name: string | null;
    description: string | null;
    contentStatus: string | null;
    orderPosition: Num;
    version: Version;
  };
  weeklyStatusRecipients: { id: Serial; weeklyStatusId: number; name: string; email: string; signedCode: string | null; isSigned: Flag; isActive: Flag };

  closureExternal: ClosureExternalTable;
  closureExternalRecipients: { id: Serial; projectId: number; name: string; email: string; signedCode: string | null; isSigned: Flag; isActive: Flag };
  closureInternal: ClosureInternalTable;
  closureChecklists: {
    projectId: number;
    checkCloseOutForm: Num;
    checkProjectNetwork: Num;
    checkCase: Num;
    checkCaseAuthorization: Num;
    checkReferences: Num;
    checkSignedWeeklyStatus: Num;
    checkRecordProjectDelivery: Num;
    checkSendWarning: Num;
    logoAuthorization: Flag;
    version: Version;
  };
  projectDashboards: {
    id: Serial;
    projectId: number;
    onePageId: number | null;
    createdAt: Timestamp;
    currentWeek: number | null;
    firstAllocation: number | null;
    initial: number | null;
    target: number | null;
    setupStatus: string | null;
    lastProfessionalDna: DateCol;
    nextProfessionalDna: DateCol;
    lastProjectSession: DateCol;
    weeklyStatusDate: DateCol;
    totalStakeholders: number | null;
    criticalStakeholders: number | null;
  };
  dashboardAccess: { id: Serial; projectId: number; professionalId: number };
  crmClassifications: IdName & { stakeholderTypes: ColumnType<string[], string[] | undefined, string[]> };
  crmAreaPositions: IdName & { type: number };
  crmIndustries: IdName;
  crmGeographies: IdName;
  crmOffices: IdName;
  crmLanguages: IdName;
  crmContacts: {
    id: Serial;
    projectId: number;
    idOnPortal: number | null;
    data: ColumnType<Record<string, unknown>, string, string>;
    status: ColumnType<string, string | undefined, string>;
    partnerResponsible: string | null;
    directorResponsible: string | null;
    isActive: Flag;
    createdBy: string | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
}

export interface OnePagesTable {
  id: Serial;
  projectId: number;
  format: Num;
  initialDate: string;
  endDate: string;
  createdAt: Timestamp;
  submittedAt: NullableTimestamp;
  submittedById: number | null;
  isDelayedSubmitted: Flag;
  hasAllocation: Flag;
  onePageProblemLevel: number | null;
  environmentStatus: number | null;
  needHelpFromGovernance: number | null;
  riskOfDelay: number | null;
  solutionReadiness: number | null;
  integrationIdentity: number | null;
  properAttention: number | null;
  changeProjectStatus: number | null;
  teamIssue: number | null;
  dnaProf: number | null;
  dnaTec: number | null;
  weeklyStatus: number | null;
  governanceActionOption: number | null;
  governanceAction: string | null;
  keyMessage: string | null;
  deliveryFocusNextWeek: string | null;
  teamPoint: string | null;
  methodInternal: string | null;
  methodExternal: string | null;
  projectStatusExplanation: string | null;
  projectEnvironmentExplanation: string | null;
  needHelpFromGovernanceExplanation: string | null;
  riskOfDelayExplanation: string | null;
  solutionReadinessExplanation: string | null;
  integrationIdentityExplanation: string | null;
  properAttentionExplanation: string | null;
  changeProjectStatusExplanation: string | null;
  teamIssueExplanation: string | null;
  governanceAllocation: string | null;
  coManagementComment: string | null;
  executiveBoardComment: string | null;
  executiveResumeComment: string | null;
  pdcResumeComment: string | null;
  version: Version;
  updatedAt: Timestamp;
}

export interface ClosureExternalTable {
  projectId: number;
  signedType: number | null;
  signedStatus: string | null;
  legalClosureDocumentAttachFile: string | null;
  unSignatureFilename: string | null;
  signedWeeklyStatusPersonResponsibleId: number | null;
  signedWeeklyStatusAttachFile: string | null;
  signedWeeklyStatusStatus: Flag;
  legalClosureDocumentPersonResponsibleId: number | null;
  legalClosureDocumentLogoAuthorization: boolean | null;
  legalClosureDocumentStatus: Flag;
  clientTestimonialPersonResponsibleId: number | null;
  clientTestimonialResponsibleRequested: boolean | null;
  clientTestimonialStatus: Flag;
  thankYouLetterPersonResponsibleId: number | null;
  thankYouLetterTeamOffer: boolean | null;
  thankYouLetterStatus: Flag;
  version: Version;
  updatedAt: Timestamp;
}

export interface ClosureInternalTable {
  projectId: number;
  formPersonResponsibleId: number | null;
  formStatus: Flag;
  sanitizedReferencePersonResponsibleId: number | null;
  sanitizedReferenceStatus: Flag;
  projectNetworkPersonResponsibleId: number | null;
  projectNetworkStatus: Flag;
  crmPersonResponsibleId: number | null;
  crmStatus: Flag;
  sanitizedReferenceAttach: string | null;
  crmAttach: string | null;
  formCompleteCaseAttach: string | null;
  closureProjectName: string | null;
  formProjectStartDate: DateCol;
  formProjectEndDate: DateCol;
  formResponsiblePartner: number | null;
  formProjectManager: number | null;
  formOffice: number | null;
  formGeography: number | null;
  formGeographyScope: number | null;
  formPractice: number | null;
  formMethodology: string | null;
  formMiniCaseComment: string | null;
  formResultAchievedQualitative: string | null;
  formResultAchievedQuantitative: string | null;
  referencesAnswers: ColumnType<Record<string, unknown>, string | undefined, string>;
  formTechnologyMethodologyWasOutdated: boolean | null;
  formTechnologyUseGapSelect: boolean | null;
  formTechnologyUseGapComment: string | null;
  formTechnologyBetterDeliveryComment: string | null;
  formSomeTypeOfTechnologySelect: boolean | null;
  formSomeTypeOfTechnologyComment: string | null;
  formPartneredWithAnyTechCompanySelect: boolean | null;
  formPartneredWithAnyTechCompanyComment: string | null;
  formIdentifyNewTypeTechnologyDuringProjectSelect: boolean | null;
  formIdentifyNewTypeTechnologyDuringProjectComment: string | null;
  formClientLeveragingOnNewTechnologySelect: boolean | null;
  formTopicOfSustainabilityTouchedSelect: boolean | null;
  formTopicOfSustainabilityTouchedComment: string | null;
  formClientFocusedOnSustainabilitySelect: boolean | null;
  formClientFocusedOnSustainabilityComment: string | null;
  version: Version;
  updatedAt: Timestamp;
}
