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

const present = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** Whether the close-out form is complete: project name, dates, partner, manager, office, geography, methodology, summary and case file. */
export function closeOutComplete(
  form: Partial<Record<(typeof CLOSE_OUT_REQUIRED)[number], unknown>> | null | undefined,
): boolean {
  if (!form) return false;
  return CLOSE_OUT_REQUIRED.every((k) => present(form[k]));
}
