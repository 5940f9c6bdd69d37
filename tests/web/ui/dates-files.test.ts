import { describe, expect, it } from 'vitest';
import {
  MONTH_NAMES,
  MONTH_SHORT_NAMES,
  formatDate,
  formatTime,
  formatWeek,
  isoDay,
  validatePdf,
} from '@web/ui';
import { downloadName } from '@web/ui/download';

describe('formatDate', () => {
  it('formats YYYY-MM-DD without time-zone shifts in both spec formats', () => {
    expect(formatDate('2026-01-05')).toBe('05-Jan-2026');
    expect(formatDate('2026-12-31', 'dd MMM yyyy')).toBe('31 Dec 2026');
    expect(formatDate('2024-02-29')).toBe('29-Feb-2024');
  });
  it('formats ISO date-times and Date objects', () => {
    const d = new Date(2026, 10, 22, 12, 0, 0);
    expect(formatDate(d)).toBe('22-Nov-2026');
    expect(formatDate(d.toISOString(), 'dd MMM yyyy')).toBe('22 Nov 2026');
  });
  it('returns an empty string for null, empty and invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-13-01')).toBe('');
  });
  it('formats dd/MM/yyyy, weeks, times and the days of date inputs', () => {
    expect(formatDate('2026-03-04', 'dd/MM/yyyy')).toBe('04/03/2026');
    expect(formatWeek('2024-03-04', '2024-03-08')).toBe('04 Mar 2024 – 08 Mar 2024');
    expect(formatTime(new Date(2026, 0, 5, 9, 7))).toBe('09:07');
    expect(formatTime('not a date')).toBe('');
    expect(isoDay('2026-01-05T10:00:00Z')).toBe('2026-01-05');
    expect(isoDay(null)).toBe('');
  });
  it('names the months', () => {
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
    expect(MONTH_SHORT_NAMES).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });
});

describe('PDF upload rule', () => {
  it('requires a file and only PDF', () => {
    expect(validatePdf(null)).toBe('Please, select a file');
    expect(
      validatePdf(
        new File(['x'], 'notes.docx', {
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
      ),
    ).toBe('Only PDF files is allowed');
    expect(validatePdf(new File(['x'], 'fake.pdf', { type: 'image/png' }))).toBe('Only PDF files is allowed');
    expect(validatePdf(new File(['%PDF'], 'Status.PDF', { type: 'application/pdf' }))).toBeNull();
  });
});

describe('downloadName', () => {
  it('prefers x-file-name, then content-disposition, then the fallback', () => {
    expect(
      downloadName(
        new Response('x', {
          headers: {
            'x-file-name': 'report%20one.xlsx',
            'content-disposition': 'attachment; filename="other.xlsx"',
          },
        }),
        'f',
      ),
    ).toBe('report one.xlsx');
    expect(
      downloadName(
        new Response('x', { headers: { 'content-disposition': 'attachment; filename="other.xlsx"' } }),
        'f',
      ),
    ).toBe('other.xlsx');
    expect(downloadName(new Response('x'), 'fallback.pdf')).toBe('fallback.pdf');
  });
});
