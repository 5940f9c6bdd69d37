/**
 * A replica that dies while running a job (run by jobs.test.ts as a child process, PostgreSQL only): starts the
 * job queue on `connectionString`, works `queue`, and SIGKILLs itself inside the handler of the first job it
 * claims — the job stays 'active' in pg-boss' table with nobody left to finish it or refresh its heartbeat.
 *
 *   node --import tsx tests/server/adapters/jobs-crash-child.ts <connectionString> <queue>
 */
import { createJobs } from '../../../src/server/adapters/jobs';
import { openDatabase } from '../../../src/server/db';

const [connectionString, queue] = process.argv.slice(2);
if (!connectionString || !queue) throw new Error('usage: jobs-crash-child.ts <connectionString> <queue>');

const handle = await openDatabase({ databaseUrl: connectionString });
const jobs = createJobs({ kind: 'postgres', db: handle.db, connectionString, pollIntervalMs: 500 });
await jobs.start();
await jobs.work<{ jobId: number }>(queue, async (data, job) => {
  console.log(
    `running job ${job.id} (retry ${job.retryCount}, data ${JSON.stringify(data)}); killing myself`,
  );
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined);
});
