/**
 * `npm run dev:teams`: the Teams message extension without a tenant. Starts the portal from source in
 * playground mode — loopback, the development identity provider, demo data in an empty database, the bot on
 * (BOT_ID) answering the playground's tokenless activities (BOT_PLAYGROUND) — then the Microsoft 365 Agents
 * Playground pointed at its `/api/messages`, and prints what to try. Ctrl-C stops both.
 *
 *   npm run dev:teams                         portal on PORT (default 53000), playground on PLAYGROUND_PORT (56150)
 *   TEAMSAPPTESTER_BROWSER=chromium npm run dev:teams     …and open the playground in that browser
 *
 * The playground's users and chats: scripts/teams-playground.yml (its current user is a DEMO login). What it
 * covers and what only a tenant shows: docs/teams-bot.md.
 */
import os from 'node:os';
import path from 'node:path';
import {
  PLAYGROUND_PORT,
  playgroundPortalEnv,
  startPlayground,
  startPortal,
  type Running,
} from './teams-playground';

const port = Number(process.env.PORT ?? 53000);
const playgroundPort = Number(process.env.PLAYGROUND_PORT ?? PLAYGROUND_PORT);
const origin = `http://localhost:${port}`;

const running: Running[] = [];
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const r of running.reverse()) await r.stop();
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  console.log(
    `dev:teams: starting the portal on ${origin} (playground mode; the first start seeds the demo data)`,
  );
  const portal = await startPortal({
    command: [process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    env: playgroundPortalEnv(port),
    readyUrl: `${origin}/ready`,
    stdio: 'inherit',
    timeoutMs: 600_000,
  });
  running.push(portal);
  portal.process.once('exit', (code) => {
    if (!stopping) console.error(`dev:teams: the portal stopped (code ${code})`);
    void stop(code ?? 1);
  });

  const playground = await startPlayground({
    endpoint: `http://127.0.0.1:${port}/api/messages`,
    port: playgroundPort,
    logFile: path.join(os.tmpdir(), 'm365agentsplayground.log'),
  });
  running.push(playground);
  playground.process.once('exit', (code) => {
    if (!stopping) console.error(`dev:teams: the playground stopped (code ${code})`);
    void stop(code ?? 1);
  });

  console.log(`
dev:teams: the Microsoft 365 Agents Playground is on ${playground.url} (you are Marcos Moura, marcos.manager)
  · Find a project: the compose box's + → Search Command → "Specify Command ID or Parameter":
    Command ID findProject, Parameter name query; then type a code, a name or a client (DEMO-DURING, Blue River)
  · Link unfurling: + → Link Unfurling → ${origin}/project/<id>/home
  · another person: change currentUser in scripts/teams-playground.yml (a DEMO login) and start again
  The portal itself: ${origin} (the built web app, \`npx vite build\`, or \`npm run dev\`). Ctrl-C stops both.
`);
}

main().catch((e: unknown) => {
  console.error(`dev:teams: ${e instanceof Error ? e.message : String(e)}`);
  void stop(1);
});
