/**
 * The production bundle (scripts/bundle.ts, `npm run bundle`) runs on its own: it is bundled into a
 * temporary folder outside the repository (so no parent node_modules can help it), copied to a fresh
 * folder, the original removed, and started there as App Service starts it, `node dist/server/main.js`,
 * on the embedded database; then health, the web app, a sign-in through the development identity
 * provider and an API call.
 *
 *   npx vitest run --config tests/deploy/vitest.config.ts     (runs `npm run build` first when dist/ is missing)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderSize, packageOf, runtimeManifest, serverImports, specifiersOf } from '../../scripts/bundle';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = fs.existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** The web app's own packages: never a dependency of the bundle. */
const WEB_ONLY = [
  'react',
  'react-dom',
  '@fluentui/react-components',
  '@fluentui/react-icons',
  'lexical',
  '@lexical/react',
  '@lexical/html',
  '@azure/msal-browser',
  '@microsoft/teams-js',
  '@tanstack/react-query',
  'react-router-dom',
  'react-hook-form',
];
/** Not installed at all (@azure/msal-browser may be: @azure/identity depends on it). */
const NOT_INSTALLED = [
  ...WEB_ONLY.filter((name) => name !== '@azure/msal-browser'),
  'node',
  'typescript',
  'vite',
  'vitest',
  'eslint',
  'tsx',
  'prettier',
  '@playwright/test',
  'azurite',
  'msw',
  'jsdom',
];

describe('bundle: import scanning', () => {
  it('finds static, dynamic, re-exported and required specifiers in compiled code', () => {
    const code = [
      `import fs from 'node:fs';`,
      `import { z } from "zod";`,
      `export * from './local.js';`,
      `import 'side-effect';`,
      `const m = await import('@fastify/static');`,
      `const dir = require.resolve('dejavu-fonts-ttf/package.json');`,
      `const text = "%PDF-";`,
    ].join('\n');
    expect(specifiersOf(code).sort()).toEqual(
      [
        './local.js',
        '@fastify/static',
        'dejavu-fonts-ttf/package.json',
        'node:fs',
        'side-effect',
        'zod',
      ].sort(),
    );
  });

  it('maps specifiers to package names, leaving out built-ins and relative paths', () => {
    expect(packageOf('kysely/migration')).toBe('kysely');
    expect(packageOf('@azure/storage-blob')).toBe('@azure/storage-blob');
    expect(packageOf('@fastify/swagger-ui/static')).toBe('@fastify/swagger-ui');
    expect(packageOf('node:stream/promises')).toBeNull();
    expect(packageOf('zlib')).toBeNull();
    expect(packageOf('./x.js')).toBeNull();
    expect(packageOf('%PDF-')).toBeNull();
  });

  it('refuses a server import that is a devDependency or not declared', () => {
    const root = {
      name: 'p',
      version: '1.0.0',
      dependencies: { zod: '^4.0.0' },
      devDependencies: { vite: '^8.0.0' },
    };
    expect(runtimeManifest(root, ['zod']).dependencies).toEqual({ zod: '^4.0.0' });
    expect(() => runtimeManifest(root, ['zod', 'vite'])).toThrow(
      /vite is imported by the server but is a devDependency/,
    );
    expect(() => runtimeManifest(root, ['left-pad'])).toThrow(/left-pad .* not in package.json dependencies/);
  });
});

describe('bundle: started alone', () => {
  let app: string;
  let work: string;
  let server: ChildProcess | undefined;
  let base: string;
  let output = '';
  const figures: Record<string, string> = {};

  beforeAll(async () => {
    if (
      !fs.existsSync(path.join(ROOT, 'dist/server/main.js')) ||
      !fs.existsSync(path.join(ROOT, 'dist/web/index.html'))
    )
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

    // bundled into a temporary folder (a developer's deploy/ stays as it is), then moved: the copy must
    // work without the folder it was installed in
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-'));
    let t = Date.now();
    execFileSync('npm', ['run', 'bundle', '--', '--out', path.join(work, 'bundle')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    figures.bundle = `${((Date.now() - t) / 1000).toFixed(1)} s`;
    app = path.join(work, 'app');
    fs.cpSync(path.join(work, 'bundle'), app, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(path.join(work, 'bundle'), { recursive: true });
    const size = folderSize(app);
    figures.size = `${(size.bytes / 1024 / 1024).toFixed(1)} MiB in ${size.files} files`;

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    fs.mkdirSync(path.join(work, 'data'));
    t = Date.now();
    server = spawn(NODE, ['dist/server/main.js'], {
      cwd: app,
      // only what the bundle is given in production, no inherited DATABASE_URL or the like
      env: {
        PATH: process.env.PATH,
        HOME: work,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(work, 'data'),
        SEED_PROJECTS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    await waitFor(base, '/health', [200], server, () => output);
    figures.start = `${((Date.now() - t) / 1000).toFixed(1)} s to /health 200`;
    // API calls answer 503 until the process is ready; /ready (added separately) may not exist yet: 404
    const ready = await waitFor(base, '/ready', [200, 404], server, () => output);
    figures.ready = `${((Date.now() - t) / 1000).toFixed(1)} s to /ready ${ready}`;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (work) fs.rmSync(work, { recursive: true, force: true });
    console.log(
      `bundle figures: ${Object.entries(figures)
        .map(([k, v]) => `${k} ${v}`)
        .join('; ')}`,
    );
  });

  it('holds dist/server, dist/web, package.json, package-lock.json and production node_modules only', () => {
    expect(fs.readdirSync(app).sort()).toEqual(['dist', 'node_modules', 'package-lock.json', 'package.json']);
    expect(fs.readdirSync(path.join(app, 'dist')).sort()).toEqual(['server', 'web']);
    const own = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? own(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const files = own(path.join(app, 'dist')).map((f) => path.relative(app, f));
    expect(
      files.filter((f) => /(^|\/)\.env|\.pem$|\.key$|\.ts$|(^|\/)(src|tests|\.data|keys)\//.test(f)),
    ).toEqual([]);
    const nested = fs.readdirSync(path.join(app, 'node_modules'));
    for (const name of NOT_INSTALLED)
      expect(fs.existsSync(path.join(app, 'node_modules', name)), name).toBe(false);
    expect(nested).not.toContain('.bin');
  });

  it("lists exactly the server's imports as dependencies, with the root's ranges, none of them dev or web-only", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8'));
    const imported = [...serverImports(path.join(app, 'dist/server')).keys()].sort();
    expect(Object.keys(pkg.dependencies).sort()).toEqual(imported);
    for (const [name, range] of Object.entries(pkg.dependencies)) {
      expect(rootPkg.dependencies[name], name).toBe(range);
      expect(rootPkg.devDependencies?.[name], name).toBeUndefined();
    }
    for (const name of WEB_ONLY) expect(pkg.dependencies[name], name).toBeUndefined();
    expect(pkg.devDependencies).toBeUndefined();
    const lock = JSON.parse(fs.readFileSync(path.join(app, 'package-lock.json'), 'utf8'));
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(Object.values(lock.packages).filter((p: any) => p.dev)).toEqual([]);
  });

  it('answers /health, and /ready once it exists', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // /ready (database reachable and migrated) is added separately: 404 accepted until then
    const ready = await fetch(`${base}/ready`);
    expect([200, 404]).toContain(ready.status);
    if (ready.status === 200) expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the web app: index.html and its assets', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<div id="root"/);
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('signs in through the development identity provider and serves the API', async () => {
    const authorize = await fetch(
      `${base}/dev-idp/authorize?login_hint=alice.admin&redirect_uri=${encodeURIComponent(`${base}/auth/signin`)}`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(302);
    const location = authorize.headers.get('location')!;
    expect(location.startsWith(`${base}/auth/signin#access_token=`)).toBe(true);
    const idToken = decodeURIComponent(/access_token=([^&]+)/.exec(location)![1]!);

    const signin = await fetch(`${base}/auth/signin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['portal'] }),
    });
    expect(signin.status).toBe(200);
    const { accessToken, scopes } = (await signin.json()) as { accessToken: string; scopes: string[] };
    expect(accessToken.split('.')).toHaveLength(3);
    expect(scopes.length).toBeGreaterThan(0);

    const projects = await fetch(`${base}/api/projects`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(projects.status).toBe(200);
    expect(await fetch(`${base}/api/projects`).then((r) => r.status)).toBe(401);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `urlPath` until it answers one of `statuses` (returned); fails when the server exits or after 120 s. */
async function waitFor(
  base: string,
  urlPath: string,
  statuses: number[],
  child: ChildProcess,
  log: () => string,
) {
  const deadline = Date.now() + 120_000;
  let last = 0;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bundle exited (${child.exitCode}):\n${log()}`);
    try {
      last = (await fetch(`${base}${urlPath}`)).status;
      if (statuses.includes(last)) return last;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${urlPath} answered ${last || 'nothing'} for 120 s:\n${log()}`);
}
