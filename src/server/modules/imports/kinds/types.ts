import type { SessionUser } from '@domain/contract';
import type { DB } from '../../../db';
import type { FileData } from '../read';
import type { ReportBuilder } from '../report';
import type { SheetDef } from '../resolve';

/** Counts the screen shows while a run goes (written to the imports row from outside the commit's transaction). */
export interface Progress {
  checked(n: number): void;
  written(n: number): void;
}

export interface KindContext {
  user: SessionUser;
  progress: Progress;
  now: Date;
}

/** What a file would do: its report, and the writes that do it (in the commit's transaction). */
export interface Plan {
  report: ReportBuilder;
  /** Writes the plan; returns the rows written. */
  write(trx: DB): Promise<number>;
}

/** One import kind: its sheets (the template's and the file's), the allowed values, and its planning. */
export interface ImportKindModule {
  kind: string;
  /** The screen's name ("Projects", "Practices"). */
  label: string;
  sheets: readonly SheetDef[];
  /** Allowed values by column key (the template's lists). */
  allowed(db: DB): Promise<Record<string, readonly string[]>>;
  /** The advisory locks a commit takes before planning (besides the kind's own). */
  locks: readonly string[];
  /** Reads what is stored (from `db`: the commit's transaction, or the database for a preview) and compares. */
  plan(db: DB, file: FileData, ctx: KindContext): Promise<Plan>;
}
