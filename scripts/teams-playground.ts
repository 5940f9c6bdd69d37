/**
 * The portal in playground mode beside the Microsoft 365 Agents Playground (`@microsoft/m365agentsplayground`,
 * pinned exactly in package.json: its HTTP endpoints and web UI are its own, internal ones). Used by
 * `npm run dev:teams` (scripts/dev-teams.ts) and the end-to-end test (tests/e2e/teams-playground.spec.ts).
 *
 * The playground is a Teams stand-in on this machine: it sends the bot the activities Teams would (message-
 * extension invokes, installs, messages) with no Bot Framework token and the header `x-ms-agents-playground: true`,
 * and shows the answers — cards included — in its web UI. Its users, chats and team come from
 * scripts/teams-playground.yml.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The playground's Teams: tenant, bot, the current user (a DEMO login) and the group chat's users. */
export const PLAYGROUND_CONFIG = path.join(ROOT, 'scripts', 'teams-playground.yml');
/** The BOT_ID of a portal answering the playground: its bot id in scripts/teams-playground.yml. */
export const PLAYGROUND_BOT_ID = '00000000-0000-4000-8000-0000000b0700';
/** The playground's conversations (scripts/teams-playground.yml): personal chat with the bot and the group chat. */
export const PLAYGROUND_CHATS = { personal: 'personal-chat', group: 'group-chat' } as const;
/** The playground's own default port. */
export const PLAYGROUND_PORT = 56150;

/** The variables of a portal the playground may talk to: loopback, the development identity provider, the bot on. */
export function playgroundPortalEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    BOT_ID: PLAYGROUND_BOT_ID,
    BOT_PLAYGROUND: 'true',
  };
}

export interface Running {
  process: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs` (default 10 s); resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

function running(child: ChildProcess): Running {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    process: child,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200 (the portal's /ready), or fails when the process exits or time runs out. */
export async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`the portal exited (code ${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Starts a portal process (`command` with `env` added to this process's) and waits for its /ready. */
export async function startPortal(opts: {
  command: string[];
  env: Record<string, string>;
  readyUrl: string;
  stdio?: StdioOptions;
  timeoutMs?: number;
}): Promise<Running> {
  const [cmd, ...args] = opts.command;
  const child = spawn(cmd!, args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: opts.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
  const portal = running(child);
  try {
    await waitForReady(opts.readyUrl, child, opts.timeoutMs ?? 180_000);
  } catch (e) {
    await portal.stop();
    throw e;
  }
  return portal;
}

export interface RunningPlayground extends Running {
  /** The playground's web UI (and its HTTP endpoints), e.g. http://localhost:56150. */
  url: string;
  port: number;
}

/**
 * Starts the playground pointed at a bot endpoint (`agentsplayground start -e <endpoint> -c msteams -p <port>
 * --dt`): no browser opened unless TEAMSAPPTESTER_BROWSER says otherwise, no telemetry, its log in `logFile`.
 * Resolves with the port it listens on (port 0: any free one; an occupied port makes it pick another).
 */
export async function startPlayground(opts: {
  endpoint: string;
  port?: number;
  logFile: string;
  /** Print the playground's own output (development). */
  echo?: boolean;
  timeoutMs?: number;
}): Promise<RunningPlayground> {
  const cli = createRequire(import.meta.url).resolve('@microsoft/m365agentsplayground/cli.js');
  const child = spawn(
    process.execPath,
    [cli, 'start', '-e', opts.endpoint, '-c', 'msteams', '-p', String(opts.port ?? PLAYGROUND_PORT), '--dt'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TEAMSAPPTESTER_BROWSER: process.env.TEAMSAPPTESTER_BROWSER ?? 'none',
        M365_AGENTS_PLAYGROUND_CONFIG_PATH: PLAYGROUND_CONFIG,
        M365_AGENTS_PLAYGROUND_LOGFILE: opts.logFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const playground = running(child);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      // its output until it listens (for the error message); later output is only echoed, never kept
      let seen = '';
      let listening = false;
      const timer = setTimeout(
        () => reject(new Error(`the playground did not start within ${timeoutMs} ms: ${seen.slice(-500)}`)),
        timeoutMs,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        if (opts.echo) process.stdout.write(chunk);
        if (listening) return;
        seen += chunk.toString();
        const m = /Listening on (\d+)/.exec(seen);
        if (m) {
          listening = true;
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        if (opts.echo) process.stderr.write(chunk);
        if (!listening) seen += chunk.toString();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the playground exited (code ${code}): ${seen.slice(-500)}`));
      });
    });
    return { ...playground, url: `http://localhost:${port}`, port };
  } catch (e) {
    await playground.stop();
    throw e;
  }
}
