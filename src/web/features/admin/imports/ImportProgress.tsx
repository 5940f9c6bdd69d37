import { Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { useRunningImport } from './api/running';

const useStyles = makeStyles({
  progress: { margin: `${tokens.spacingVerticalM} 0`, maxWidth: '640px' },
});

/** The run under way: rows read, checked and written (polled from the server). */
export function ImportProgress({ kind, dryRun }: { kind: string; dryRun: boolean }) {
  const s = useStyles();
  const run = useRunningImport(kind, true).data;
  const read = run?.rowsRead ?? 0;
  const done = run?.phase === 'writing' ? run.rowsWritten : (run?.rowsChecked ?? 0);
  const value = read > 0 && run?.phase !== 'reading' ? Math.min(done / read, 1) : undefined;
  const phase =
    !run || run.phase === 'reading' ? 'Reading the file' : run.phase === 'writing' ? 'Writing' : 'Checking';
  return (
    <div className={s.progress}>
      <Field
        label={dryRun ? 'Preview under way' : 'Import under way'}
        hint={`${phase} · rows read ${read.toLocaleString('en')} · checked ${(run?.rowsChecked ?? 0).toLocaleString('en')} · written ${(run?.rowsWritten ?? 0).toLocaleString('en')}`}
      >
        <ProgressBar value={value} />
      </Field>
    </div>
  );
}
