import { memo } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ErrorState,
  PortalDataGrid,
  StatusDot,
  formatDate,
  type GridQuery,
  type PortalDataGridProps,
} from '@web/ui';
import type { OnePageListRow } from './api/keys';
import { lightOf } from './form/options';

/** How many weeks the strip shows. */
export const TREND_WEEKS = 9;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalM,
  },
  strip: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    overflowX: 'auto',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  week: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXS,
    minWidth: '56px',
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  dots: { display: 'flex', gap: tokens.spacingHorizontalXS },
  legend: { color: tokens.colorNeutralForeground3 },
});

/**
 * Beyond the spec: the last nine weeks' traffic lights, oldest first — each week's problem level and
 * environment status (1 Green, 2 Yellow, 3 Red, anything else grey, as the dashboard reads them, 002 §2.5).
 */
export const TrendStrip = memo(function TrendStrip({ rows }: { rows: readonly OnePageListRow[] }) {
  const s = useStyles();
  const weeks = [...rows]
    .sort((a, b) => (a.initialDate < b.initialDate ? 1 : a.initialDate > b.initialDate ? -1 : 0))
    .slice(0, TREND_WEEKS)
    .reverse();
  if (weeks.length === 0) return null;
  return (
    <div className={s.root}>
      <Text size={200} className={s.legend}>
        Last {TREND_WEEKS} weeks: problem level and environment
      </Text>
      <ul className={s.strip} aria-label={`Trend of the last ${TREND_WEEKS} weeks`}>
        {weeks.map((w) => {
          const status = lightOf(w.onePageProblemLevel);
          const env = lightOf(w.environmentStatus);
          const date = formatDate(w.initialDate, 'dd MMM yyyy');
          return (
            <li
              key={w.id}
              className={s.week}
              aria-label={`Week of ${date}: problem level ${status.label}, environment ${env.label}`}
            >
              <Text size={100}>{date.slice(0, 6)}</Text>
              <span className={s.dots}>
                <StatusDot colour={status.colour} label={`Problem level: ${status.label}`} />
                <StatusDot colour={env.colour} label={`Environment: ${env.label}`} />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
});

/**
 * A list of a project's weeks: the trend strip of their one-pages (`trend`) above the grid of the query's rows, or
 * "Something went wrong" with Retry when the list could not be loaded.
 */
export function TrendGrid<T>({
  query,
  trend,
  ...grid
}: Omit<PortalDataGridProps<T>, 'rows' | 'loading'> & {
  query: GridQuery<T> & { isError: boolean };
  trend: readonly OnePageListRow[];
}) {
  if (query.isError)
    return <ErrorState message="Something went wrong" onRetry={() => void query.refetch()} />;
  return (
    <>
      <TrendStrip rows={trend} />
      <PortalDataGrid<T> {...grid} rows={query.data} loading={query.isLoading} />
    </>
  );
}
