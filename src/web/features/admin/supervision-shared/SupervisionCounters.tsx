import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { SupervisionTotals } from './api/supervision';

const useStyles = makeStyles({
  counters: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
  counter: { minWidth: '140px', padding: tokens.spacingVerticalM },
});

/** The five counters of the supervision screens (spec 002 §2.9), from the x-total* headers. */
export function SupervisionCounters({ totals }: { totals: SupervisionTotals | undefined }) {
  const s = useStyles();
  const counters: [string, number | undefined][] = [
    ['PROJECTS', totals?.total],
    ['ONE-PAGE NOT SUBMITTED', totals?.notSubmitted],
    ['GREEN', totals?.green],
    ['YELLOW', totals?.yellow],
    ['RED', totals?.red],
  ];
  return (
    <div className={s.counters} role="list" aria-label="Counters">
      {counters.map(([label, n]) => (
        <Card key={label} className={s.counter} role="listitem">
          <Text size={200}>{label}</Text>
          <Text size={600} weight="semibold">
            {n ?? '–'}
          </Text>
        </Card>
      ))}
    </div>
  );
}
