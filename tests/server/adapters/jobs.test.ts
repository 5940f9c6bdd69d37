import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { createJobs, HEARTBEAT_SECONDS, type Jobs } from '@server/adapters/jobs';
import { REPORT_JOB_RETRY } from '@server/modules/reports/jobs';
import { openTestDatabase } from '../helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

// pg-boss on the embedded PGlite by default, on PostgreSQL with TEST_DATABASE_URL (npm run test:pg).
let handle: DbHandle;
let jobs: Jobs;
const quiet = { warn: () => undefined, error: (o: object) => console.error('jobs error', o) };

/** Resolves when `check` is true (polled every 50 ms); rejects after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await migrateToLatest(handle.db);
  jobs = createJobs({
    kind: handle.kind,
    db: handle.db,
    connectionString: handle.connectionString,
    pglite: handle.pglite,
    pollIntervalMs: 500,
    queues: ['test.declared'],
    log: quiet,
  });
  const t = Date.now();
  await jobs.start();
  console.log(`jobs on ${handle.kind}: pg-boss started in ${Date.now() - t} ms`);
});
afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
});

describe(`jobs`, () => {
  it('runs a job with its data', async () => {
    const seen: unknown[] = [];
    await jobs.work<{ n: number }>('test.basic', async (data, job) => {
      seen.push({ ...data, retryCount: job.retryCount });
    });
    const t = Date.now();
    const id = await jobs.send('test.basic', { n: 42 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => seen.length === 1);
    console.log(`job picked up in ${Date.now() - t} ms`);
    expect(seen).toEqual([{ n: 42, retryCount: 0 }]);
  });

  it('creates jobs inside a transaction: committed ones run, rolled-back ones never do', async () => {
    const seen: string[] = [];
    await jobs.work<{ tag: string }>('test.declared', async ({ tag }) => {
      seen.push(tag);
    });
    await handle.db.transaction().execute(async (trx) => {
      await jobs.send('test.declared', { tag: 'committed' }, { trx });
    });
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send('test.declared', { tag: 'rolled back' }, { trx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await jobs.send('test.declared', { tag: 'after' });
    await until(() => seen.includes('committed') && seen.includes('after'));
    expect(seen.sort()).toEqual(['after', 'committed']);
  });

  it('retries a failed job with backoff and then completes it', async () => {
    const runs: { retryCount: number; at: number }[] = [];
    await jobs.work('test.retry', async (_data, job) => {
      runs.push({ retryCount: job.retryCount, at: Date.now() });
      if (job.retryCount === 0) throw new Error('first run fails');
    });
    await jobs.send('test.retry', {}, { retryLimit: 3, retryDelay: 1, retryBackoff: true });
    await until(() => runs.length === 2);
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1]);
    console.log(`retry ran ${runs[1]!.at - runs[0]!.at} ms after the failure`);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(400); // a delay was applied (backoff ≥ half the base)
  });

  it('runs a deferred job after its start time (found by polling, no NOTIFY)', async () => {
    let ranAt = 0;
    await jobs.work('test.deferred', async () => {
      ranAt = Date.now();
    });
    const t = Date.now();
    await jobs.send('test.deferred', {}, { startAfter: new Date(t + 1000) });
    await until(() => ranAt > 0);
    expect(ranAt - t).toBeGreaterThanOrEqual(900);
  });

  it('keeps its statements out of an open request transaction', async () => {
    // On PGlite (one connection) a pg-boss poll issued while a transaction is open must wait for it,
    // not run inside it: rolling back here must not lose or commit anything of the queue's.
    await sql`create table if not exists jobs_probe (v text)`.execute(handle.db);
    const seen: string[] = [];
    await jobs.work<{ tag: string }>('test.concurrent', async ({ tag }) => {
      seen.push(tag);
    });
    await jobs.send('test.concurrent', { tag: 'before' });
    let during: Promise<unknown> | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into jobs_probe values ('rolled back')`.execute(trx);
        // sent by "another request" while this transaction is open: must not be swallowed by its rollback
        during = jobs.send('test.concurrent', { tag: 'during' });
        await new Promise((r) => setTimeout(r, 1200)); // > two poll intervals
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await during;
    await jobs.send('test.concurrent', { tag: 'after' });
    await until(() => seen.length === 3);
    expect(seen.sort()).toEqual(['after', 'before', 'during']);
    // and the queue's own rows survived the rollback: three jobs, all completed
    const completed = async () =>
      (
        await sql<{
          tag: string;
        }>`select data->>'tag' as tag from pgboss.job where name = 'test.concurrent' and state = 'completed'`.execute(
          handle.db,
        )
      ).rows
        .map((r) => r.tag)
        .sort();
    await until(async () => (await completed()).length >= 3, 5000).catch(() => undefined);
    expect(await completed()).toEqual(['after', 'before', 'during']);
    const probe = await sql<{ v: string }>`select v from jobs_probe`.execute(handle.db);
    expect(probe.rows).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'on PGlite refuses to create a queue inside a transaction (it would wait for itself)',
    async () => {
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await jobs.send('test.undeclared', {}, { trx });
        }),
      ).rejects.toThrow('queue test.undeclared must exist before sending inside a transaction on PGlite');
    },
  );

  // Several replicas on PostgreSQL: one is SIGKILLed while it runs a report job (the cluster check's kill).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs a report job again on another replica soon after the one running it died (heartbeat, no retry delay)',
    async () => {
      const queue = 'test.orphaned-report';
      await jobs.ensureQueue(queue);
      const id = await jobs.send(queue, { jobId: 7 }, REPORT_JOB_RETRY);
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'jobs-crash-child.ts'), handle.connectionString!, queue],
        { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
      );
      expect(child.stdout).toContain(`running job ${id} (retry 0, data {"jobId":7}); killing myself`);
      expect(child.signal).toBe('SIGKILL');
      const diedAt = Date.now();
      const state = await sql<{
        state: string;
      }>`select state from pgboss.job where id = ${id}::uuid`.execute(handle.db);
      expect(state.rows[0]?.state).toBe('active'); // claimed by the dead replica, nobody finishing it

      const runs: { jobId: number; retryCount: number }[] = [];
      await jobs.work<{ jobId: number }>(queue, async (data, job) => {
        runs.push({ jobId: data.jobId, retryCount: job.retryCount });
      });
      // found by the heartbeat (HEARTBEAT_SECONDS, refreshed every half of it; supervised every 5 s) and retried
      // at once: well within the minute a person waits for a report in the cluster check
      await until(() => runs.length === 1, (HEARTBEAT_SECONDS + 25) * 1000);
      console.log(`the dead replica's report job ran again ${Date.now() - diedAt} ms after the kill`);
      expect(runs).toEqual([{ jobId: 7, retryCount: 1 }]);
    },
    60_000,
  );
});
