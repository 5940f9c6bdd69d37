import { PdfDocument } from '@server/adapters/documents';
import type { ProjectHeader } from '../projects/service';

/**
 * The legal closure document template (spec 002 §2.4: "Legal Closure Documents tab offers a template
 * download"; GET api/projects/{id}/legal-documents/template). The spec does not show its content: the
 * project's header, a closure statement with blanks for the client's confirmation, the Logo Authorization
 * yes/no line (002 §3: the legal closure document carries a Logo Authorization) and the signature lines.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const BLANK = '______________________________';

/** Day, short month, year (002 §9 "Dates are shown as day, short month, year"). */
export function formatDay(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!m) return null;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

export const templateFileName = (code: string) =>
  `legal-closure-document-template-${code.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`;

export function legalClosureTemplate(p: ProjectHeader): Buffer {
  const client = p.clientName ?? 'The client';
  const manager = p.managers.join(', ') || null;
  const partner = p.partners.join(', ') || null;
  const start = formatDay(p.startDate);
  const end = formatDay(p.endDate);
  const doc = new PdfDocument({ title: 'Legal Closure Document', subtitle: `${p.code} — ${p.name}` })
    .heading('Project')
    .keyValues([
      ['Project code', p.code],
      ['Project name', p.name],
      ['Client', p.clientName],
      ['Start date', start],
      ['End date', end],
      ['Project manager', manager],
      ['Project partner', partner],
    ])
    .heading('Closure statement')
    .paragraph(
      `${client} confirms that the project ${p.name} (${p.code})${start && end ? `, carried out from ${start} to ${end},` : ''} ` +
        'has been completed, that the agreed deliverables were received, and that the project is closed.',
    )
    .keyValues([
      ['Deliverables received on', BLANK],
      ['Pending items (if any)', BLANK],
      ['Observations', BLANK],
    ])
    .heading('Logo Authorization')
    .paragraph(
      `${client} authorizes the firm to mention its name and show its logo in references to this project:`,
    )
    .paragraph('(   ) Yes          (   ) No', { bold: true })
    .heading('Signatures')
    .paragraph('Client', { bold: true })
    .keyValues([
      ['Name', BLANK],
      ['Title', BLANK],
      ['Signature', BLANK],
      ['Date', BLANK],
    ])
    .paragraph('The firm', { bold: true })
    .keyValues([
      ['Project partner', partner ?? BLANK],
      ['Signature', BLANK],
      ['Project manager', manager ?? BLANK],
      ['Signature', BLANK],
      ['Date', BLANK],
    ]);
  return doc.toBuffer();
}
