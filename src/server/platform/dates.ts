/** Date helpers shared by the server modules (UTC throughout). */

/** A date column as 'YYYY-MM-DD' (null stays null). */
export function toDateString(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

/** A timestamp column as an ISO 8601 string (null stays null). */
export function toIso(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString();
  return new Date(String(v)).toISOString();
}

/** Monday (UTC) of the week containing `now`, as YYYY-MM-DD. */
export function weekStart(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dow = (d.getUTCDay() + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - dow);
  return d.toISOString().slice(0, 10);
}

/** The Sunday (UTC) closing the week that starts on `monday` (YYYY-MM-DD), as YYYY-MM-DD. */
export function weekEnd(monday: string): string {
  const d = new Date(`${monday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
}
