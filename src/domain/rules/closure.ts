import { EXCLUDED_METHODOLOGY_IDS, PROJECT_SUMMARY_MAX } from '../constants';

/** Methodology ids left out of the selectable methodologies (spec 002 §5, §9). */
export { EXCLUDED_METHODOLOGY_IDS };

/** The close-out form fields whose presence makes the form complete (spec 002 §4). */
export const CLOSE_OUT_REQUIRED = [
  'closureProjectName',
  'formProjectStartDate',
  'formProjectEndDate',
  'formResponsiblePartner',
  'formProjectManager',
  'formOffice',
  'formGeography',
  'formMethodology',
  'formMiniCaseComment',
  'formCompleteCaseAttach',
] as const;
export type CloseOutField = (typeof CLOSE_OUT_REQUIRED)[number];

/** What the close-out tab calls each required field (002 §2.6 Close-out sub-tab). */
export const CLOSE_OUT_LABELS: Record<CloseOutField, string> = {
  closureProjectName: 'Project name',
  formProjectStartDate: 'Start date',
  formProjectEndDate: 'End date',
  formResponsiblePartner: 'Responsible partner/director',
  formProjectManager: 'Project manager',
  formOffice: 'Office',
  formGeography: 'Geography',
  formMethodology: 'Methodology',
  formMiniCaseComment: 'Project summary',
  formCompleteCaseAttach: 'Case file',
};

/** The message of a summary over the limit (002 §5 "Project summary: 500 characters maximum"). */
export const SUMMARY_TOO_LONG = `Project summary: ${PROJECT_SUMMARY_MAX} characters maximum`;

const present = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** Whether a summary fits the limit of 002 §5 (500 characters). */
export const summaryFits = (summary: string | null | undefined) =>
  (summary ?? '').length <= PROJECT_SUMMARY_MAX;

/**
 * Whether a methodology id may be chosen in the close-out form (002 §5: the excluded ids are left out; 002 §3:
 * the lookup excludes those named No Methodology).
 */
export const isSelectableMethodology = (id: number, name?: string | null) =>
  !(EXCLUDED_METHODOLOGY_IDS as readonly number[]).includes(id) &&
  (name ?? '').trim().toLowerCase() !== 'no methodology';

/** The ids of a comma-joined methodology value (002 §3 formMethodology), blanks dropped. */
export const methodologyIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

type CloseOutForm = Partial<Record<CloseOutField, unknown>> | null | undefined;

/**
 * The required close-out fields that are missing (002 §4: project name, start date, end date, responsible
 * partner, project manager, office, geography, methodology, summary and case file all present); the summary
 * also counts as missing when it is over 500 characters (002 §5), and the methodology when it names no id.
 */
export function closeOutMissing(form: CloseOutForm): CloseOutField[] {
  if (!form) return [...CLOSE_OUT_REQUIRED];
  return CLOSE_OUT_REQUIRED.filter((k) => {
    const v = form[k];
    if (!present(v)) return true;
    if (k === 'formMiniCaseComment') return !summaryFits(String(v));
    if (k === 'formMethodology') return typeof v === 'string' && methodologyIds(v).length === 0;
    return false;
  });
}

/** Whether the close-out form is complete (002 §4) — the one rule the 4→5 forward step reads. */
export function closeOutComplete(form: CloseOutForm): boolean {
  return closeOutMissing(form).length === 0;
}
