/**
 * Teams deep links (entity links with a subEntityId) and the portal paths they carry: the web host builds
 * them, the server puts them in activity-feed notifications and reads them from links pasted in Teams.
 */

/** The personal tab every installed user has (appPackage/manifest.json staticTabs[0].entityId). */
export const PERSONAL_TAB_ENTITY_ID = 'projects';
/** Channel tabs are saved with this entity id prefix + the project id. */
export const PROJECT_TAB_ENTITY_PREFIX = 'project-';

/**
 * A link that opens `path` inside the Teams app's personal tab (`context.subEntityId` = the path) and, where
 * Teams cannot open it, falls back to the portal URL (`webUrl`). Without a Teams app id: the portal URL.
 */
export function buildDeepLink(opts: {
  origin: string;
  path: string;
  teamsAppId?: string;
  label?: string;
}): string {
  const webUrl = `${opts.origin}${opts.path}`;
  if (!opts.teamsAppId) return webUrl;
  const params = new URLSearchParams({ webUrl, context: JSON.stringify({ subEntityId: opts.path }) });
  if (opts.label) params.set('label', opts.label);
  return `https://teams.microsoft.com/l/entity/${encodeURIComponent(opts.teamsAppId)}/${PERSONAL_TAB_ENTITY_ID}?${params.toString()}`;
}

/** A portal path from a deep link's subEntityId/subPageId: only same-site absolute paths are followed. */
export function portalPathFrom(subPageId: string | undefined | null): string | undefined {
  if (!subPageId) return undefined;
  const path = subPageId.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return undefined;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  return path;
}

/** The project id in `/project/{id}/...`, if any. */
export function projectIdFromPath(path: string): number | undefined {
  const m = /^\/project\/(\d+)(\/|$)/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** The project a channel tab is pinned to: its entity id (`project-{id}`), else its content URL path. */
export function pinnedProjectId(entityId: string | undefined, contentPath: string): number | undefined {
  if (entityId?.startsWith(PROJECT_TAB_ENTITY_PREFIX)) {
    const id = Number(entityId.slice(PROJECT_TAB_ENTITY_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return id;
  }
  return projectIdFromPath(contentPath);
}

/** The Teams chat deep link with one person (works in the browser and opens the Teams client). */
export function chatDeepLink(email: string): string {
  return `https://teams.microsoft.com/l/chat/0/0?users=${encodeURIComponent(email)}`;
}
