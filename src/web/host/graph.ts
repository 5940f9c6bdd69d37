import type { PhotoPerson } from './types';

export const GRAPH_BASE = 'https://graph.microsoft.com/v1.0';
/** Microsoft Graph accepts at most 20 requests in one `$batch`. */
export const GRAPH_BATCH_SIZE = 20;
/** The delegated permission the photos need. */
export const GRAPH_PHOTO_SCOPES = ['User.ReadBasic.All'];

interface BatchResponse {
  responses?: { id: string; status: number; headers?: Record<string, string>; body?: unknown }[];
}

/** Where a person's photo comes from when Graph cannot say (no token, throttled, down). */
type Fallback = (person: PhotoPerson) => Promise<string | undefined>;

/**
 * Avatars from Microsoft Graph: `/users/{upn}/photos/48x48/$value`, requested in `$batch`es of 20
 * (requests made in the same tick are grouped), cached for the session, `undefined` (initials) on 404.
 * Without a Graph token, or when Graph fails otherwise, the portal's own photo endpoint answers.
 */
export function createGraphPhotoResolver(opts: {
  getToken: () => Promise<string | undefined>;
  fallback: Fallback;
  fetch?: typeof fetch;
  /** Where answers survive a reload of the tab (session storage); `null` keeps them in memory only. */
  storage?: Storage | null;
}) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const storage =
    opts.storage === undefined
      ? typeof sessionStorage === 'undefined'
        ? null
        : sessionStorage
      : opts.storage;
  const cache = new Map<string, Promise<string | undefined>>();
  const KEY = 'portal.graphPhoto.';
  /** Remembers Graph's definitive answers (a photo, or none: 404) for the session; quota errors are ignored. */
  const remember = (upn: string, url: string | undefined) => {
    try {
      storage?.setItem(KEY + upn, url ?? '');
    } catch {
      // storage full: the in-memory cache still holds it
    }
  };
  /**
   * Microsoft's Graph client (the way the portal writes every Graph call, server and web), loaded with the
   * first batch — never in the first screen's JS. Its last middleware sends with `opts.fetch`.
   */
  let client: Promise<import('@microsoft/microsoft-graph-client').Client> | undefined;
  const graphClient = () =>
    (client ??= import('@microsoft/microsoft-graph-client').then(({ Client }) =>
      Client.initWithMiddleware({
        baseUrl: new URL(GRAPH_BASE).origin,
        defaultVersion: 'v1.0',
        middleware: {
          async execute(context) {
            context.response = await doFetch(context.request, context.options as RequestInit);
          },
        },
      }),
    ));
  let queue: { upn: string; person: PhotoPerson; resolve: (v: string | undefined) => void }[] = [];
  let scheduled = false;

  async function send(items: typeof queue) {
    let token: string | undefined;
    try {
      token = await opts.getToken();
    } catch {
      token = undefined;
    }
    if (!token) {
      for (const it of items) it.resolve(await opts.fallback(it.person));
      return;
    }
    try {
      const client = await graphClient();
      const data = (await client
        .api('/$batch')
        .header('authorization', `Bearer ${token}`)
        .post({
          requests: items.map((it, i) => ({
            id: String(i),
            method: 'GET',
            url: `/users/${encodeURIComponent(it.upn)}/photos/48x48/$value`,
          })),
        })) as BatchResponse;
      const byId = new Map((data.responses ?? []).map((r) => [r.id, r]));
      await Promise.all(
        items.map(async (it, i) => {
          const r = byId.get(String(i));
          if (r && r.status === 200 && typeof r.body === 'string') {
            const type = r.headers?.['Content-Type'] ?? r.headers?.['content-type'] ?? 'image/jpeg';
            const url = `data:${type};base64,${r.body}`;
            remember(it.upn, url);
            it.resolve(url);
          } else if (r && r.status === 404) {
            remember(it.upn, undefined);
            it.resolve(undefined);
          } else {
            it.resolve(await opts.fallback(it.person));
          }
        }),
      );
    } catch {
      for (const it of items) it.resolve(await opts.fallback(it.person));
    }
  }

  function flush() {
    scheduled = false;
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += GRAPH_BATCH_SIZE) void send(all.slice(i, i + GRAPH_BATCH_SIZE));
  }

  return function resolvePhoto(person: PhotoPerson): Promise<string | undefined> {
    const upn = person.email?.trim().toLowerCase();
    if (!upn) return opts.fallback(person);
    const hit = cache.get(upn);
    if (hit) return hit;
    const stored = storage?.getItem(KEY + upn);
    if (stored !== null && stored !== undefined) {
      const p = Promise.resolve(stored || undefined);
      cache.set(upn, p);
      return p;
    }
    const p = new Promise<string | undefined>((resolve) => {
      queue.push({ upn, person, resolve });
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
    cache.set(upn, p);
    return p;
  };
}
