/** The month names the screens show (English, as the spec writes them): 'January' … 'December'. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Jan' … 'Dec' (the MMM of the date formats). */
export const MONTH_SHORT_NAMES = MONTH_NAMES.map((m) => m.slice(0, 3));

export type DateFormat = 'dd-MMM-yyyy' | 'dd MMM yyyy' | 'dd/MM/yyyy';

const two = (n: number) => String(n).padStart(2, '0');

/** Year, month (0–11) and day of 'YYYY-MM-DD' (no time-zone shift) or of an ISO date-time (local date). */
function dayOf(value: string | Date): [number, number, number] | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return m < 1 || m > 12 || d < 1 || d > 31 ? null : [y, m - 1, d];
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return [date.getFullYear(), date.getMonth(), date.getDate()];
}

/**
 * Formats 'YYYY-MM-DD' (no time-zone shift) or an ISO date-time (local date) as dd-MMM-yyyy (spec 000),
 * dd MMM yyyy (spec 001/002) or dd/MM/yyyy. '' for null or invalid values.
 */
export function formatDate(
  value: string | Date | null | undefined,
  format: DateFormat = 'dd-MMM-yyyy',
): string {
  if (value == null || value === '') return '';
  const day = dayOf(value);
  if (!day) return '';
  const [y, m, d] = day;
  if (format === 'dd/MM/yyyy') return [two(d), two(m + 1), String(y)].join('/');
  const sep = format === 'dd-MMM-yyyy' ? '-' : ' ';
  return [two(d), MONTH_SHORT_NAMES[m], String(y)].join(sep);
}

/** A week (or any period) as 'from – to' in `format`: '04 Mar 2024 – 08 Mar 2024'. */
export const formatWeek = (
  from: string | Date | null | undefined,
  to: string | Date | null | undefined,
  format: DateFormat = 'dd MMM yyyy',
): string => `${formatDate(from, format)} – ${formatDate(to, format)}`;

/** The local time of an ISO date-time as HH:mm; '' for an invalid value. */
export function formatTime(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** 'YYYY-MM-DD' of a date or ISO date-time string as the API wrote it (a date input's value); '' for none. */
export const isoDay = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');
