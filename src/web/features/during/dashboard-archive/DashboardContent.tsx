import type { ReactNode } from 'react';
import {
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SimpleTable, StatusDot, formatDate, formatWeek } from '@web/ui';
import type { DashboardOnePage, ProjectDashboardRecord } from './api/keys';
import { SECTIONS, lightOf, optionText } from './options';

const D = 'dd MMM yyyy' as const;

const useStyles = makeStyles({
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  light: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  scroll: { overflowX: 'auto' },
  empty: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

/** A label and its value in a definition list. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.fact}>
      <dt className={s.term}>{term}</dt>
      <dd className={s.value}>{children === '' || children == null ? '—' : children}</dd>
    </div>
  );
}

/** A traffic light with its text (1 Green, 2 Yellow, 3 Red, anything else grey). */
export function Light({
  value,
  label,
  empty,
}: {
  value: number | null | undefined;
  label: string;
  empty?: string;
}) {
  const s = useStyles();
  const l = lightOf(value, empty);
  return (
    <span className={s.light}>
      <StatusDot colour={l.colour} label={`${label}: ${l.label}`} />
      {l.label}
    </span>
  );
}

/** One percentage tile with its bar (002 §2.5: Current Week, First Allocation, Sales Margin, Target). */
function Tile({ label, value }: { label: string; value: number | null }) {
  const s = useStyles();
  const n = value == null ? null : Number(value);
  return (
    <div className={s.tile} role="group" aria-label={label}>
      <Text weight="semibold">{label}</Text>
      <Text size={600}>{n == null ? '—' : `${n}%`}</Text>
      <ProgressBar
        value={n == null ? 0 : Math.max(0, Math.min(100, n)) / 100}
        thickness="large"
        aria-label={`${label} ${n == null ? 'not set' : `${n}%`}`}
      />
    </div>
  );
}

/** The Project Dashboard section: the four tiles and the project's figures (002 §2.5). */
export function ProjectFigures({ d }: { d: ProjectDashboardRecord }) {
  const s = useStyles();
  return (
    <>
      <div className={s.tiles}>
        <Tile label="Current Week" value={d.currentWeek} />
        <Tile label="First Allocation" value={d.firstAllocation} />
        <Tile label="Sales Margin" value={d.initial} />
        <Tile label="Target" value={d.target} />
      </div>
      <dl className={s.facts}>
        <Fact term="Setup status">{d.setupStatus}</Fact>
        <Fact term="Last Professional DNA">{formatDate(d.lastProfessionalDNA, D)}</Fact>
        <Fact term="Next Professional DNA">{formatDate(d.nextProfessionalDNA, D)}</Fact>
        <Fact term="Last project session">{formatDate(d.lastProjectSession, D)}</Fact>
        <Fact term="Weekly status date">{formatDate(d.weeklyStatusDate, D)}</Fact>
        <Fact term="Total stakeholders">{d.totalStakeholders ?? ''}</Fact>
        <Fact term="Critical stakeholders">{d.criticalStakeholders ?? ''}</Fact>
        <Fact term="Created at">{formatDate(d.createdAt, D)}</Fact>
      </dl>
    </>
  );
}

/** The head of the One Page section: dates and the two lights with their explanations. */
export function OnePageHead({ p }: { p: DashboardOnePage }) {
  const s = useStyles();
  return (
    <dl className={s.facts}>
      <Fact term="Submitted">{formatDate(p.submittedAt, D)}</Fact>
      <Fact term="Week">{formatWeek(p.initialDate, p.endDate)}</Fact>
      <Fact term="Problem level">
        <Light value={p.onePageProblemLevel} label="Problem level" />
      </Fact>
      <Fact term="Problem level explanation">{p.projectStatusExplanation}</Fact>
      <Fact term="Environment status">
        <Light value={p.environmentStatus} label="Environment status" empty="Not filled" />
      </Fact>
      <Fact term="Environment explanation">{p.projectEnvironmentExplanation}</Fact>
    </dl>
  );
}

/** The read-only sections Weekly Checklist, Delivery and Professionals (002 §2.5). */
export function OnePageSections({ p }: { p: DashboardOnePage }) {
  const s = useStyles();
  return (
    <>
      {SECTIONS.map((sec) => (
        <AccordionItem key={sec.title} value={sec.title}>
          <AccordionHeader as="h3">{sec.title}</AccordionHeader>
          <AccordionPanel>
            <dl className={s.facts}>
              {sec.items.map((i) => {
                const raw = p[i.field];
                const value = i.options
                  ? optionText(i.options, typeof raw === 'number' ? raw : null)
                  : typeof raw === 'string'
                    ? raw
                    : '';
                const note = i.explanation ? p[i.explanation] : null;
                return (
                  <Fact key={i.field} term={i.label}>
                    {value}
                    {typeof note === 'string' && note ? `\n${note}` : ''}
                  </Fact>
                );
              })}
            </dl>
          </AccordionPanel>
        </AccordionItem>
      ))}
    </>
  );
}

/**
 * Staffing (002 §2.5): the allocation suggestions of active professionals, as the dashboard's answer carries them;
 * 'No feedback available' for an empty feedback. Read-only: those who may comment get the editable table instead.
 */
export function Staffing({ staffing }: { staffing: ProjectDashboardRecord['staffing'] }) {
  const s = useStyles();
  const rows = staffing.suggestions.filter((r) => r.professional.isActive);
  if (rows.length === 0) return <Text className={s.empty}>No allocation suggestions</Text>;
  const days = (n: number | undefined) => (n == null ? '—' : String(n));
  return (
    <div className={s.scroll}>
      <SimpleTable
        aria-label="Staffing"
        size="small"
        headers={['Professional', 'This week', 'Next week', 'Two weeks ahead', 'Feedback', 'Approval']}
        rows={rows}
        rowKey={(r) => r.id}
        cells={(r) => [
          r.professional.name,
          days(r.totalDays),
          days(r.nextAllocations[0]?.totalDays),
          days(r.nextAllocations[1]?.totalDays),
          r.feedback?.trim() ? r.feedback : 'No feedback available',
          r.isApproved ? 'Approved' : 'Not approved',
        ]}
      />
    </div>
  );
}
