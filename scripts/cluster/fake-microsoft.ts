/**
 * The cluster test's Microsoft: the Entra token endpoint and Microsoft Graph's sendActivityNotification
 * (tests/server/fakes/microsoft.ts), on FAKE_PORT, writing every call with its answer to FAKE_FILE (JSON lines).
 * Like the real Graph under load, it throttles: every 6th notification gets 429 with Retry-After: 1 and every
 * 13th a 503, so retries happen across the replicas while one of them is killed.
 */
import fs from 'node:fs';
import { startFakeMicrosoft } from '../../tests/server/fakes/microsoft';

const port = Number(process.env.FAKE_PORT);
const file = process.env.FAKE_FILE!;
const out = fs.openSync(file, 'a');

const fake = await startFakeMicrosoft({
  port,
  answer: (_user, n) =>
    n % 6 === 5
      ? { status: 429, headers: { 'retry-after': '1' } }
      : n % 13 === 12
        ? { status: 503 }
        : undefined,
  onCall: (c) =>
    fs.writeSync(
      out,
      JSON.stringify({
        at: new Date().toISOString(),
        method: c.method,
        path: c.path,
        status: c.status,
        user: c.user ?? null,
        authorization: c.headers.authorization ?? null,
        body: c.json ?? null,
      }) + '\n',
    ),
});
console.log(`fake Microsoft (token endpoint + Graph) listening on ${fake.origin}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
