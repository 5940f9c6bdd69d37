import { makeStyles, tokens } from '@fluentui/react-components';
import { signedStatusDisplay } from '@domain/rules';
import { StatusDot } from '../status';

const useStyles = makeStyles({
  row: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The signed-status colour dot (spec 001 §4 display values: Draft grey, Sent to sign blue, Completed green,
 * Declined / Deleted (contact Legal for more details) red) with its label as tooltip; `showLabel` adds the text.
 */
export function SignedStatusDot({
  status,
  showLabel = false,
}: {
  status: string | null | undefined;
  showLabel?: boolean;
}) {
  const s = useStyles();
  const d = signedStatusDisplay(status);
  return (
    <span className={s.row} data-signed-status={status ?? 'draft'}>
      <StatusDot colour={d.color} label={d.label} />
      {showLabel ? <span>{d.label}</span> : null}
    </span>
  );
}
