import { PdfDocument } from '@server/adapters/documents';
import { weekEnd, weekStart } from '@server/platform/dates';

/**
 * The weekly status document of the template path (signedType 1, "Upload and eSign using a template"; spec 001
 * §2 "Weekly Status dialog", §3 "Weekly status"): the portal writes the PDF itself from the five sections, with
 * the documents kit (A4, DejaVu Sans embedded so every letter prints, the firm's dark red accent on the title
 * rule and the section headings, "Page n of N" footers). Rich text prints as plain text.
 */

/** The five content types in the order of the dialog's tabs (001 §2, §3). */
export const SECTION_LABELS: Record<number, string> = {
  1: 'General Status',
  2: 'Weekly Status Update of Previous Activities',
  3: 'Definitions',
  4: 'Points of Attention',
  5: 'Next Steps',
};

export interface WeeklyStatusDocumentInput {
  project: {
    code: string;
    name: string;
    clientName: string | null;
    managers: string[];
    partners: string[];
  };
  createdAt: Date | string;
  clientSubmissionDate: string | null;
  contents: {
    type: number;
    frontHeader: string | null;
    name: string | null;
    description: string | null;
    contentStatus: string | null;
  }[];
  recipients: { name: string; email: string }[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "12 Mar 2026" (day, short month, year — 001 §9), in UTC. */
export function formatDay(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d =
    value instanceof Date
      ? value
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(`${value}T00:00:00Z`)
        : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rich text (the editor's HTML) as plain text: blocks and line breaks become new lines, list items bullets. */
export function plainText(value: string | null | undefined): string {
  if (!value) return '';
  if (!/[<&]/.test(value)) return value.trim();
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|li|h[1-6]|blockquote|div|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const orDash = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);

/** The PDF of a weekly status (the template path), as bytes. */
export function weeklyStatusPdf(input: WeeklyStatusDocumentInput): Buffer {
  const { project } = input;
  const monday = weekStart(input.createdAt instanceof Date ? input.createdAt : new Date(input.createdAt));
  const pdf = new PdfDocument({
    title: 'Weekly Status',
    subtitle: `${project.code} — ${project.name}`,
    footer: `Weekly Status — ${project.code}`,
  });
  pdf.keyValues([
    ['Project code', project.code],
    ['Project', project.name],
    ['Client', project.clientName],
    ['Project Manager', project.managers.join(', ')],
    ['Responsible Partner', project.partners.join(', ')],
    ['Week', `${formatDay(monday)} – ${formatDay(weekEnd(monday))}`],
    ['Client submission date', formatDay(input.clientSubmissionDate)],
  ]);

  for (const type of [1, 2, 3, 4, 5]) {
    pdf.heading(SECTION_LABELS[type]!);
    const blocks = input.contents.filter((c) => c.type === type);
    if (blocks.length === 0) pdf.paragraph('Nothing recorded.', { muted: true });
    for (const c of blocks) {
      const name = orDash(c.name);
      const text = plainText(c.description);
      switch (type) {
        case 1:
          if (name) pdf.heading(name, 2);
          pdf.paragraph(text || '—');
          break;
        case 2:
          pdf.keyValues([
            ['Work Front', orDash(c.frontHeader)],
            ['Activity Name', name],
            ['Activity Notes', text],
            ['Status', orDash(c.contentStatus)],
          ]);
          break;
        default: {
          const label = type === 3 ? 'Definition' : type === 4 ? 'Action' : 'Comment';
          pdf.keyValues([
            ['Name', name],
            [label, text],
          ]);
        }
      }
    }
  }

  pdf.heading('Signatures');
  if (input.recipients.length === 0) pdf.paragraph('No recipients yet.', { muted: true });
  // one row per recipient, so a signature block never splits across pages
  pdf.keyValues(
    input.recipients.map(
      (r) =>
        [
          `${r.name}\n${r.email}`,
          'Signature: ______________________________\n\nDate: ______________',
        ] as const,
    ),
  );
  return pdf.toBuffer();
}
