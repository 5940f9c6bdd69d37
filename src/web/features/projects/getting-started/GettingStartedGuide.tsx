import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, CircleRegular } from '@fluentui/react-icons';
import { paths } from '@web/app/navigation';
import { LoadingState, QueryError } from '@web/ui';
import { formatDate, formatTime } from '@web/ui/dates';
import { useGettingStarted, type GettingStarted } from './api/getting-started';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  steps: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0 },
  step: { listStyleType: 'none' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  links: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  done: { color: tokens.colorPaletteGreenForeground1 },
  pending: { color: tokens.colorNeutralForeground3 },
});

function Step(props: { n: number; title: string; done: boolean; children: ReactNode; links: ReactNode }) {
  const s = useStyles();
  return (
    <li className={s.step}>
      <Card>
        <CardHeader
          image={
            props.done ? (
              <CheckmarkCircleRegular className={s.done} fontSize={24} aria-hidden />
            ) : (
              <CircleRegular className={s.pending} fontSize={24} aria-hidden />
            )
          }
          header={
            <Text as="h2" size={400} weight="semibold">
              {props.n}. {props.title}
            </Text>
          }
          action={
            <Badge appearance="tint" color={props.done ? 'success' : 'informative'}>
              {props.done ? 'Done' : 'To do'}
            </Badge>
          }
        />
        <div className={s.body}>
          {props.children}
          <div className={s.links}>{props.links}</div>
        </div>
      </Card>
    </li>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The three steps with what each still lacks; `done` when the portal has what a first project needs. */
export function guideSteps(g: GettingStarted) {
  const people = g.people.active > 1 || g.people.provisioned > 0;
  const emptyLists = g.masterData.lists.filter((l) => l.count === 0);
  const masterData = g.masterData.missingForProjects.length === 0;
  return { people, masterData, projects: g.projects.total > 0, emptyLists };
}

/**
 * The guide an administrator sees on a portal without projects: connect provisioning or import people, import or
 * enter master data, import or create projects — each with its counts, read again as the steps are done.
 */
export function GettingStartedGuide() {
  const s = useStyles();
  const query = useGettingStarted();
  if (query.isLoading) return <LoadingState />;
  if (!query.data) return <QueryError query={query} />;
  const g = query.data;
  const steps = guideSteps(g);
  const withItems = g.masterData.lists.length - steps.emptyLists.length;
  return (
    <section className={s.root} aria-labelledby="getting-started-title">
      <Text as="h1" id="getting-started-title" size={600} weight="semibold">
        Set up your portal
      </Text>
      <Text>
        The portal has no projects yet. Bring in your firm’s people, its master data and its portfolio; each
        step shows what is already there.
      </Text>
      <ol className={s.steps}>
        <Step
          n={1}
          title="People"
          done={steps.people}
          links={
            <>
              <RouterLink className={s.link} to={`${paths.admin.people()}?tab=provisioning`}>
                Connect Entra ID provisioning
              </RouterLink>
              <RouterLink className={s.link} to={`${paths.admin.imports()}?kind=professionals`}>
                Import people
              </RouterLink>
              <RouterLink className={s.link} to={paths.admin.people()}>
                Add people by hand
              </RouterLink>
            </>
          }
        >
          <Text>
            {plural(g.people.active, 'active professional')}, {g.people.provisioned} provisioned from
            Microsoft Entra ID. {plural(g.people.tokens, 'provisioning token')}.{' '}
            {g.people.lastProvisionedAt
              ? `Last provisioning: ${`${formatDate(g.people.lastProvisionedAt, 'dd MMM yyyy')} ${formatTime(g.people.lastProvisionedAt)}`}.`
              : 'Entra ID has not provisioned anyone yet.'}
          </Text>
        </Step>
        <Step
          n={2}
          title="Master data"
          done={steps.masterData}
          links={
            <>
              <RouterLink className={s.link} to={paths.admin.imports()}>
                Import master data
              </RouterLink>
              <RouterLink className={s.link} to={paths.admin.masterData()}>
                Enter master data
              </RouterLink>
            </>
          }
        >
          <Text>
            {withItems} of {g.masterData.lists.length} lists hold items.
            {g.masterData.missingForProjects.length
              ? ` A new project needs at least one item in: ${g.masterData.missingForProjects
                  .map((k) => g.masterData.lists.find((l) => l.key === k)?.label ?? k)
                  .join(', ')}.`
              : ''}
          </Text>
          {steps.emptyLists.length ? (
            <Text size={200}>Empty: {steps.emptyLists.map((l) => l.label).join(', ')}.</Text>
          ) : null}
        </Step>
        <Step
          n={3}
          title="Projects"
          done={steps.projects}
          links={
            <>
              <RouterLink className={s.link} to={`${paths.admin.imports()}?kind=projects`}>
                Import projects
              </RouterLink>
              <RouterLink className={s.link} to={paths.admin.projects()}>
                Create a project
              </RouterLink>
            </>
          }
        >
          <Text>{plural(g.projects.total, 'project')}.</Text>
        </Step>
      </ol>
    </section>
  );
}
