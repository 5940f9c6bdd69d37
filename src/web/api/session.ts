import type { SessionUser } from '@domain/contract';

export const TOKEN_KEY = 'portal.accessToken';

function decodePayload(token: string): Record<string, unknown> | undefined {
  try {
    const part = token.split('.')[1];
    if (!part) return undefined;
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return JSON.parse(decodeURIComponent(escape(json)));
  } catch {
    return undefined;
  }
}

export function getToken(): string | undefined {
  return localStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

/** The signed-in user from the stored portal token; undefined when absent, malformed or expired. */
export function currentUser(now = Date.now()): SessionUser | undefined {
  const token = getToken();
  if (!token) return undefined;
  const p = decodePayload(token);
  if (!p || typeof p.professionalId !== 'number') return undefined;
  if (typeof p.exp === 'number' && p.exp * 1000 <= now) return undefined;
  return {
    userName: String(p.userName ?? ''),
    email: String(p.email ?? ''),
    scopes: Array.isArray(p.scopes) ? (p.scopes as string[]) : [],
    comanagementId: (p.comanagementId as number | null) ?? null,
    login: String(p.login ?? ''),
    professionalId: p.professionalId,
    practiceId: (p.practiceId as number | null) ?? null,
    businessUnits: Array.isArray(p.businessUnits) ? (p.businessUnits as string[]) : [],
  };
}

/** Clears the session (spec: any 401/403 clears local storage). */
export function clearSession() {
  localStorage.clear();
}

/**
 * Drops a stored session that belongs to someone else than the host's signed-in user (a shared Teams
 * client after another person signed in); the host then signs its own user in. True when it dropped one.
 */
export function dropForeignSession(userHint: string | undefined): boolean {
  const user = currentUser();
  if (!user || !userHint) return false;
  const hint = userHint.trim().toLowerCase();
  if (user.email.toLowerCase() === hint || user.login.toLowerCase() === hint.split('@')[0]) return false;
  clearSession();
  return true;
}
