/**
 * User-facing message texts built from data (spec wording), shared by the web app and the server.
 * Pure functions: no React, no I/O.
 */

/** Upload refusals (002 §9 "only .pdf uploads"; the CRM file may also be an Excel workbook). */
export const ONLY_PDF_MESSAGE = 'Only PDF files is allowed';
export const CRM_FILE_TYPES_MESSAGE = 'Only PDF or Excel (.xlsx) files are allowed';

/** Splits the server's `missingAssessmentNames` ("Ivan Ito, Carla Costa") into the names. */
export function splitNames(names: string | null | undefined): string[] {
  return (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

/**
 * The 3→4 block text (spec 000 §4.2): lists the names "as missing their assessments" and notes that all
 * Interns, Analysts, Consultants and Specialists must fulfil their assessments; refresh and retry.
 * One name reads "Ivan Ito is missing their assessment."; several "Ivan Ito, Carla Costa are missing their
 * assessments.".
 */
export function missingAssessmentsMessage(names: string | null | undefined): string {
  const list = splitNames(names);
  const who = list.join(', ');
  const missing =
    list.length === 1 ? `${who} is missing their assessment.` : `${who} are missing their assessments.`;
  return `${missing} All Interns, Analysts, Consultants and Specialists must fulfil their assessments. Refresh and try again once they are done.`;
}
