import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DataTrendingRegular, MailSettingsRegular, PersonStarRegular } from '@fluentui/react-icons';
import { paths } from '@web/app/navigation';
import {
  ErrorState,
  LoadingState,
  PageHeading,
  StatusDot,
  formatDate,
  isoDay,
  type PortalColumn,
} from '@web/ui';
import { actionColumn } from '@web/ui/DataGrid';
import { useDashboardAccessRights } from './access';
import { useDashboards } from './api/dashboards';
import type { DashboardListRow } from './api/keys';
import { DashboardDialog } from './DashboardDialog';
import { EmailAccessDialog } from './EmailAccessDialog';
import { onePageStatusOf } from './options';
import { TrendGrid } from '../one-page/TrendStrip';
import { Hint } from '@web/ui/Hint';

/** The week of a dashboard: its one-page's week (initialDate), else the day it was created. */
const weekOf = (d: DashboardListRow) => d.onePage?.initialDate ?? isoDay(d.createdAt);

const D = 'dd MMM yyyy' as const;

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/**
 * During › Dashboard Archive `/project/{id}/during/dashboard-archive` (002 §2.5, §6, §7, §8): the project's
 * dashboards — Created At, One Page Date (newest first), One Page Status colour, View Dashboard and the DNA icon —
 * with the last nine weeks' trend above (beyond the spec), 'Manage Email Access' for Admin or the project's
 * manager or partner, and the full-screen dashboard.
 */
export default function DashboardArchivePage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const navigate = useNavigate();
  const access = useDashboardAccessRights(projectId);
  const list = useDashboards(projectId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);

  const columns = useMemo<PortalColumn<DashboardListRow>[]>(
    () => [
      {
        key: 'createdAt',
        title: 'Created At',
        value: (r) => formatDate(r.createdAt, D),
        sortValue: (r) => r.createdAt,
        filterable: false,
        hideOnMobile: true,
      },
      {
        key: 'onePageDate',
        title: 'One Page Date',
        value: (r) => formatDate(weekOf(r), D),
        sortValue: (r) => weekOf(r),
        filterable: false,
      },
      {
        key: 'status',
        title: 'One Page Status',
        value: (r) => onePageStatusOf(r.onePage).label,
        sortValue: (r) => (r.onePage?.submittedAt ? (r.onePage.onePageProblemLevel ?? 0) : 0),
        render: (r) => {
          const l = onePageStatusOf(r.onePage);
          return (
            <span className={s.status}>
              <StatusDot colour={l.colour} label={`One Page Status: ${l.label}`} />
              {l.label}
            </span>
          );
        },
      },
      actionColumn<DashboardListRow>('view', 'View Dashboard', 150, (r) => (
        <Button
          size="small"
          icon={<DataTrendingRegular />}
          aria-label={`View the dashboard of ${formatDate(weekOf(r), D)}`}
          onClick={() => setViewing(r.id)}
        >
          View
        </Button>
      )),
      actionColumn<DashboardListRow>('dna', 'DNA', 70, () => (
        <Hint content="Professional DNA" relationship="label">
          <Button
            size="small"
            appearance="subtle"
            icon={<PersonStarRegular />}
            onClick={() => navigate(paths.project.during.professionalDna(projectId))}
          />
        </Hint>
      )),
    ],
    [navigate, projectId, s.status],
  );

  let body;
  if (access.isLoading) body = <LoadingState />;
  else if (access.isError || !access.project) body = <ErrorState message="Something went wrong" />;
  else
    body = (
      <>
        {access.canManageEmail ? (
          <div className={s.toolbar}>
            <Button icon={<MailSettingsRegular />} onClick={() => setManaging(true)}>
              Manage Email Access
            </Button>
          </div>
        ) : null}
        <TrendGrid<DashboardListRow>
          query={list}
          trend={(list.data ?? []).flatMap((d) => (d.onePage ? [d.onePage] : []))}
          ariaLabel="Dashboards"
          columns={columns}
          getRowId={(r) => r.id}
          defaultSort={{ key: 'onePageDate', direction: 'desc' }}
          mobileColumns={['onePageDate', 'status', 'view']}
          pageSize={10}
          emptyText="No dashboards yet"
        />
      </>
    );

  return (
    <section>
      <PageHeading banner="DURING" title="Dashboard Archive" />
      {body}
      {viewing !== null && access.project ? (
        <DashboardDialog
          dashboardId={viewing}
          project={access.project}
          rights={access}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {managing && access.canManageEmail ? (
        <EmailAccessDialog projectId={projectId} onClose={() => setManaging(false)} />
      ) : null}
    </section>
  );
}
