/**
 * The first start of a portal whose process dies while seeding (run by seed-recovery.test.ts as a child
 * process): opens the data directory, migrates, starts `seedIfEmpty` and SIGKILLs itself at the
 * `at`-th INSERT into table `table` — in the middle of the seed's transaction.
 *
 *   node --import tsx tests/server/db/seed-crash-child.ts <dataDir> <table> <at> <projects>
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  RootOperationNode,
} from 'kysely';
import { openDatabase } from '../../../src/server/db';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedIfEmpty } from '../../../src/server/db/seed';

/** Calls `action` at the `at`-th INSERT into `table` (snake_case, as sent to the database). */
export class InsertTrap implements KyselyPlugin {
  private seen = 0;
  constructor(
    private readonly table: string,
    private readonly at: number,
    private readonly action: () => void,
  ) {}
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === this.table) {
      this.seen += 1;
      if (this.seen === this.at) this.action();
    }
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

async function main() {
  const [dataDir, table, at, projects] = process.argv.slice(2);
  if (!dataDir || !table) throw new Error('usage: seed-crash-child.ts <dataDir> <table> <at> <projects>');
  const handle = await openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  const db = handle.db.withPlugin(
    new InsertTrap(table, Number(at ?? 1), () => {
      process.stdout.write(`killing myself at insert ${at} into ${table}\n`);
      process.kill(process.pid, 'SIGKILL');
    }),
  );
  await seedIfEmpty(db, { projects: Number(projects ?? 0) });
  process.stdout.write('seeded: the trap never fired\n');
  await handle.close();
}

if (process.argv[1]?.endsWith('seed-crash-child.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
