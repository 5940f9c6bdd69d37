import { formatDate, formatTime } from '@web/ui';

/** A moment as the People screens show it: "01 Dec 2026 14:05"; "—" for none. */
export const when = (iso: string | null | undefined) =>
  iso ? `${formatDate(iso, 'dd MMM yyyy')} ${formatTime(iso)}` : '—';
