/** The Excel kit alone: 20,000 rows × 50 columns into a discarding sink; best of BENCH_RUNS (default 3). */
import os from 'node:os';
import { Writable } from 'node:stream';
import { writeWorkbook, type Column } from '../src/server/adapters/reports/index';
const N = 20000,
  C = 50,
  RUNS = Number(process.env.BENCH_RUNS ?? 3);
type R = { i: number };
const cols: Column<R>[] = Array.from({ length: C }, (_, k) => ({
  header: `Col ${k}`,
  key: `c${k}`,
  width: 12,
  type: k % 5 === 0 ? 'date' : k % 5 === 1 ? 'number' : k % 5 === 2 ? 'boolean' : 'text',
  value: (r: R) =>
    k % 5 === 0 ? '2026-01-05' : k % 5 === 1 ? r.i * 1.5 : k % 5 === 2 ? r.i % 2 === 0 : `text ${r.i} ${k}`,
}));
function* rows() {
  for (let i = 0; i < N; i++) yield { i };
}
for (let run = 1; run <= RUNS; run++) {
  let bytes = 0;
  const sink = new Writable({
    write(c, _e, cb) {
      bytes += c.length;
      cb();
    },
  });
  const t = performance.now();
  await writeWorkbook(sink, [{ name: 'S', columns: cols, rows: rows() }]);
  const ms = performance.now() - t;
  console.log(
    `${N} rows x ${C} cols: ${ms.toFixed(0)} ms, ${((N / ms) * 1000).toFixed(0)} rows/s, ${(bytes / 1e6).toFixed(1)} MB, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
}
