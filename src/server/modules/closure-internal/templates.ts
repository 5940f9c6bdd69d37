import { PdfDocument } from '@server/adapters/documents';
import type { AnySheet, Column } from '@server/adapters/reports';
import type { ProjectHeader } from '../projects/service';

/**
 * The two generated templates of Closure Internal (spec 002 §2.6, §7 "Closure internal"):
 * - GET api/projects/{id}/close-out/complete-case/template: a PDF guide "How to write a good case" with the
 *   project's header and the close-out headings (the spec shows a download, not its content);
 * - GET api/projects/{id}/CRM/template: an Excel sheet with the contact columns of 002 §3 under the labels of
 *   002 §5, prefilled with the project's portal stakeholders (name, position, language).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Day, short month, year (002 §9). */
function formatDay(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : null;
}

const safeCode = (code: string) => code.replace(/[^\p{L}\p{N}._-]+/gu, '-');
export const caseTemplateName = (code: string) => `complete-case-template-${safeCode(code)}.pdf`;
export const crmTemplateName = (code: string) => `CRM-template-${safeCode(code)}.xlsx`;

/** The complete one-page case template: "How to write a good case". */
export function caseTemplate(p: ProjectHeader): Buffer {
  return new PdfDocument({ title: 'How to write a good case', subtitle: `${p.code} — ${p.name}` })
    .heading('Project')
    .keyValues([
      ['Project code', p.code],
      ['Project name', p.name],
      ['Client', p.clientName],
      ['Start date', formatDay(p.startDate)],
      ['End date', formatDay(p.endDate)],
      ['Project manager', p.managers.join(', ') || null],
      ['Responsible partner/director', p.partners.join(', ') || null],
    ])
    .heading('Before you start')
    .bullets([
      'Write in English.',
      'Sanitize the case: no client name, no people, no figures that identify the client.',
      'One page: a reader should understand the problem, the approach and the result in two minutes.',
    ])
    .heading('Close-out')
    .paragraph('Fill these in the close-out form too: they describe the case for the knowledge base.')
    .keyValues([
      ['Project name', ''],
      ['Start date / End date', ''],
      ['Responsible partner/director', ''],
      ['Project manager', ''],
      ['Office / Geography', ''],
      ['Methodology', ''],
    ])
    .heading('Context')
    .paragraph(
      'The client situation and the question the project answered (industry and size, not the name).',
    )
    .heading('Approach')
    .paragraph('What the team did: the methodology, the main steps and the tools used.')
    .heading('Results achieved')
    .paragraph(
      'Qualitative: what changed for the client. Quantitative: the measurable results (%, time, cost).',
    )
    .heading('Project summary')
    .paragraph('500 characters maximum, in English and sanitized: the text the close-out form asks for.')
    .toBuffer();
}

/** One row of the CRM template (a portal stakeholder, or nothing). */
interface CrmTemplateRow {
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  language: string | null;
  company: string | null;
}

/** The contact columns of 002 §3 with the labels of 002 §5 (and §3 where §5 names none). */
const CRM_COLUMNS: [string, (r: CrmTemplateRow) => unknown][] = [
  ['First Name', (r) => r.firstName],
  ['Last Name', (r) => r.lastName],
  ['CRM Classification', () => null],
  ['Professional Email', () => null],
  ['Personal Email', () => null],
  ['Mobile', () => null],
  ['Global Company Name', (r) => r.company],
  ['Local Company Name', () => null],
  ['Stakeholder Group', () => 'CLIENT'],
  ['Position Name', (r) => r.position],
  ['Day of Birth', () => null],
  ['Month of Birth', () => null],
  ['Pronoun', () => null],
  ['Language', (r) => r.language],
  ['Nationality', () => null],
  ['Economic Group', () => null],
  ['Standard Position', () => null],
  ['Standard Area/Department', () => null],
  ['Responsible Office', () => null],
  ['Integration Focal Point', () => null],
  ['Integration Other Contacts', () => null],
  ['Industry', () => null],
  ['Resident Country', () => null],
  ['LinkedIn', () => null],
  ['Observations', () => null],
];
export const CRM_TEMPLATE_HEADERS = CRM_COLUMNS.map(([h]) => h);

/** The CRM template sheet: the contact columns, one row per portal stakeholder of the project. */
export function crmTemplate(
  p: ProjectHeader,
  stakeholders: readonly { name: string; position: string | null; language: string | null }[],
): AnySheet[] {
  const rows: CrmTemplateRow[] = stakeholders.map((s) => {
    const [first, ...rest] = s.name.trim().split(/\s+/);
    return {
      firstName: first ?? null,
      lastName: rest.join(' ') || null,
      position: s.position,
      language: s.language,
      company: p.clientName,
    };
  });
  const columns: Column<CrmTemplateRow>[] = CRM_COLUMNS.map(([header, value], i) => ({
    header,
    key: `c${i}`,
    type: 'text',
    width: Math.max(14, header.length + 2),
    value,
  }));
  return [{ name: 'Contacts', columns, rows }];
}
