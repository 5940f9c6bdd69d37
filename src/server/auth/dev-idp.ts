import type { FastifyInstance } from 'fastify';
import { signDevIdpToken } from './identity';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only redirects back to this portal (or, in development, to a loopback web dev server). */
function allowedRedirect(uri: string, publicUrl: string): boolean {
  try {
    const u = new URL(uri);
    if (u.origin === new URL(publicUrl).origin) return true;
    return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * The development identity provider (default when Entra ID is not configured).
 * `GET /dev-idp/authorize` lists the active professionals; with `login_hint=<login>` it answers 302 to
 * `<redirect_uri>#access_token=<token>` at once (the fragment form the sign-in callback reads).
 */
export async function devIdpRoutes(app: FastifyInstance) {
  const { config, keys, db } = app;

  app.get('/dev-idp/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const redirectUri = q.redirect_uri ?? `${config.publicUrl}/auth/signin`;
    if (!allowedRedirect(redirectUri, config.publicUrl)) {
      return reply.code(400).type('text/plain').send('redirect_uri is not allowed');
    }
    const state = q.state ? `&state=${encodeURIComponent(q.state)}` : '';
    if (q.login_hint) {
      const login = q.login_hint.trim().toLowerCase().split('@')[0]!;
      const person = await db
        .selectFrom('professionals')
        .select(['name', 'email', 'login', 'isActive'])
        .where('login', '=', login)
        .executeTakeFirst();
      if (!person) return reply.code(404).type('text/plain').send(`No person with the login ${login}`);
      const token = await signDevIdpToken(keys, config.publicUrl, person);
      const sep = redirectUri.includes('#') ? '&' : '#';
      return reply.redirect(
        `${redirectUri}${sep}access_token=${encodeURIComponent(token)}&token_type=Bearer${state}`,
        302,
      );
    }
    const people = await db
      .selectFrom('professionals')
      .select(['name', 'login', 'jobTitle', 'scopes', 'isActive'])
      .where('isActive', '=', true)
      .orderBy('id')
      .limit(60)
      .execute();
    const base = new URLSearchParams({ ...(q as Record<string, string>), redirect_uri: redirectUri });
    const items = people
      .map((p) => {
        const params = new URLSearchParams(base);
        params.set('login_hint', p.login);
        const scopes = (p.scopes ?? []).map((s) => s.replace('API.Portal.', '')).join(', ');
        return `<li><a href="/dev-idp/authorize?${esc(params.toString())}"><strong>${esc(p.name)}</strong> <span>${esc(p.login)} · ${esc(p.jobTitle ?? '')}${scopes ? ` · ${esc(scopes)}` : ''}</span></a></li>`;
      })
      .join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in | Development identity provider</title>
<style>body{font-family:system-ui,'Segoe UI',sans-serif;margin:0;background:#f5f5f5;color:#242424}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 4px}p{margin:0 0 16px;color:#616161}ul{list-style:none;padding:0;margin:0}
li a{display:block;padding:10px 12px;border-radius:6px;text-decoration:none;color:#242424}li a:hover,li a:focus{background:#ebebeb}
li span{display:block;font-size:13px;color:#616161}</style></head>
<body><main><h1>Pick an account</h1><p>Development identity provider of the Project Portal. Choose the person to sign in as.</p>
<ul>${items}</ul></main></body></html>`);
  });

  app.get('/dev-idp/logout', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const target = q.post_logout_redirect_uri;
    if (target && allowedRedirect(target, config.publicUrl)) return reply.redirect(target, 302);
    return reply.redirect('/', 302);
  });
}
