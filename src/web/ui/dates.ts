const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type DateFormat = 'dd-MMM-yyyy' | 'dd MMM yyyy';

/**
 * Formats 'YYYY-MM-DD' (no time-zone shift) or an ISO date-time (local date) as dd-MMM-yyyy
 * (spec 000) or dd MMM yyyy (spec 001/002). '' for null or invalid values.
 */
export function formatDate(
  value: string | Date | null | undefined,
  format: DateFormat = 'dd-MMM-yyyy',
): string {
  if (value == null || value === '') return '';
  let y: number, m: number, d: number;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    [y, m, d] = value.split('-').map(Number) as [number, number, number];
    m -= 1;
  } else {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    y = date.getFullYear();
    m = date.getMonth();
    d = date.getDate();
  }
  if (m < 0 || m > 11 || d < 1 || d > 31) return '';
  const sep = format === 'dd-MMM-yyyy' ? '-' : ' ';
  return [String(d).padStart(2, '0'), MONTHS[m], String(y)].join(sep);
}
