import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The server as a process (src/server/main.ts through tsx): a wrong configuration stops it with one line
// before it touches anything; SIGTERM drains — a request in flight is answered, then the process exits 0.

const root = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('start-up configuration', () => {
  it('PORT=abc stops at once with one line naming the variable, before any database work', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
    dirs.push(dir);
    const p = start({ PORT: 'abc', DATA_DIR: dir });
    const code = await p.exited;
    expect(code).toBe(2);
    expect(p.err().trim()).toBe('Configuration error: PORT expects an integer from 0 to 65535 (got "abc")');
    expect(fs.readdirSync(dir)).toEqual([]); // no database was created
  }, 60_000);

  it('a reachable server without Entra ID refuses to start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
    dirs.push(dir);
    const p = start({ HOST: '0.0.0.0', PUBLIC_URL: 'https://portal.example.com', DATA_DIR: dir });
    expect(await p.exited).toBe(2);
    expect(p.err().trim()).toMatch(/^Configuration error: HOST=0\.0\.0\.0 is reachable from other machines/);
    expect(p.err().trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe('SIGTERM', () => {
  it('stops taking connections, answers the request in flight, stops the workers and exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
    dirs.push(dir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const p = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SEED_PROJECTS: '0',
      LOG_LEVEL: 'info',
    });
    // ready once seeded and the workers run; /health answers earlier
    let ready = false;
    for (let i = 0; i < 600 && !ready && p.child.exitCode === null; i++) {
      ready = await fetch(`${base}/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready, p.err()).toBe(true);

    const authorize = await fetch(`${base}/dev-idp/authorize?login_hint=alice.admin`, { redirect: 'manual' });
    const idToken = /access_token=([^&]+)/.exec(authorize.headers.get('location') ?? '')![1]!;
    const body = JSON.stringify({ scopes: ['portal'] });

    let newConnection: Promise<string> | undefined;
    // a sign-in whose body is still arriving when SIGTERM comes
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/auth/signin`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${decodeURIComponent(idToken)}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        p.child.kill('SIGTERM');
        setTimeout(() => {
          // a new connection is no longer taken
          newConnection = fetch(`${base}/health`).then(
            (r) => `answered ${r.status}`,
            () => 'refused',
          );
          req.end(body.slice(5));
        }, 800);
      }, 300);
    });

    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).accessToken).toMatch(/^ey/);
    expect(await newConnection).toBe('refused');
    expect(await p.exited).toBe(0);
    expect(p.out()).toContain('draining');
    expect(p.out()).toContain('"msg":"stopped"');
  }, 240_000);
});
