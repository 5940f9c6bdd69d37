import { memo } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { StatusDot, formatDate } from '@web/ui';
import type { DashboardListRow } from './api/keys';
import { lightOf } from './options';

/** How many weeks the trend shows. */
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

/** The week of a dashboard: its one-page's week (initialDate), else the day it was created. */
export const weekOf = (d: DashboardListRow) => d.onePage?.initialDate ?? d.createdAt.slice(0, 10);

/**
 * Beyond the spec: the project's last nine weeks of problem level and environment (1 Green, 2 Yellow, 3 Red,
 * anything else grey, 002 §2.5), oldest first, read from the archive's dashboards (one per week, the newest).
 */
export const TrendStrip = memo(function TrendStrip({ rows }: { rows: readonly DashboardListRow[] }) {
  const s = useStyles();
  const byWeek = new Map<string, DashboardListRow>();
  for (const d of [...rows].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))) byWeek.set(weekOf(d), d);
  const weeks = [...byWeek.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, TREND_WEEKS)
    .reverse();
  if (weeks.length === 0) return null;
  return (
    <div className={s.root}>
      <Text size={200} className={s.legend}>
        Last {TREND_WEEKS} weeks: problem level and environment
      </Text>
      <ul className={s.strip} aria-label={`Trend of the last ${TREND_WEEKS} weeks`}>
        {weeks.map(([week, d]) => {
          const level = lightOf(d.onePage?.onePageProblemLevel);
          const env = lightOf(d.onePage?.environmentStatus, 'Not filled');
          const date = formatDate(week, 'dd MMM yyyy');
          return (
            <li
              key={week}
              className={s.week}
              aria-label={`Week of ${date}: problem level ${level.label}, environment ${env.label}`}
            >
              <Text size={100}>{date.slice(0, 6)}</Text>
              <span className={s.dots}>
                <StatusDot colour={level.colour} label={`Problem level: ${level.label}`} />
                <StatusDot colour={env.colour} label={`Environment: ${env.label}`} />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
