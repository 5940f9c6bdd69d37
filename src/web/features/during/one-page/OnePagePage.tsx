import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowUndoRegular,
  OpenRegular,
  PeopleLockRegular,
  StarFilled,
  VideoClipRegular,
} from '@fluentui/react-icons';
import { useProfessionals } from '@web/api/master';
import { getHost } from '@web/host';
import {
  ConfirmDialog,
  ErrorState,
  LoadingState,
  PageHeading,
  formatDate,
  formatWeek,
  useNotify,
  type PortalColumn,
} from '@web/ui';
import { actionColumn } from '@web/ui/DataGrid';
import { useOnePageAccess } from './access';
import type { OnePageListRow } from './api/keys';
import { onePageQueryOptions } from './api/one-page';
import { useOnePages } from './api/one-pages';
import { useUnsubmitOnePage } from './api/submit';
import { GrantAccessDialog } from './GrantAccessDialog';
import { nameOfProfessional } from './names';
import { TrendGrid } from './TrendStrip';
import { Hint } from '@web/ui/Hint';

/** The form is a chunk of its own, fetched as soon as the list shows (and on hovering Open). */
const loadForm = () => import('./form/OnePageForm');
const OnePageForm = lazy(loadForm);

/**
 * The tutorial video of the one-page (001 §2; 001 §9: hosted on a video provider). The firm sets its own with
 * VITE_ONE_PAGE_TUTORIAL_URL; the default is a search of the provider for one-page status report tutorials.
 */
export const ONE_PAGE_TUTORIAL_URL =
  (import.meta.env as Record<string, string | undefined>).VITE_ONE_PAGE_TUTORIAL_URL ||
  'https://www.youtube.com/results?search_query=weekly+one-page+project+status+report';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  star: { color: tokens.colorPaletteMarigoldForeground2, fontSize: '20px' },
  message: { marginBottom: tokens.spacingVerticalM },
});

const D = 'dd MMM yyyy' as const;
const weekOf = (r: OnePageListRow) => formatWeek(r.initialDate, r.endDate);

/**
 * During › One-Page `/project/{id}/during/one-page` (001 §2, §4, §6, §8; 002 §2.5, §7). The list: week,
 * created, submitted by, submitted, Open, Undo (governance scope, with its confirmation) and the delayed star,
 * newest first; a phone shows created, open, undo and delayed. Above it the tutorial link, Grant access (the
 * 'Who can access One-Page?' dialog) and a 9-week trend of the traffic lights. Open shows the form in place of
 * the list (`?open=<id>`), so the route stays one page and Back closes it.
 */
export default function OnePagePage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('open'));
  const access = useOnePageAccess(projectId);
  const list = useOnePages(projectId, { enabled: access.canList });
  const professionals = useProfessionals();
  const qc = useQueryClient();
  const notify = useNotify();
  const unsubmit = useUnsubmitOnePage(projectId);
  const [granting, setGranting] = useState(false);
  const [undoing, setUndoing] = useState<OnePageListRow | null>(null);

  const open = useCallback(
    (id: number) => setSearch((p) => ({ ...Object.fromEntries(p), open: String(id) })),
    [setSearch],
  );
  const close = useCallback(
    () =>
      setSearch((p) => {
        const next = new URLSearchParams(p);
        next.delete('open');
        return next;
      }),
    [setSearch],
  );
  /** Hovering or focusing Open starts the one-page's request and the form's code. */
  const warm = useCallback(
    (id: number) => {
      void loadForm();
      void qc.prefetchQuery(onePageQueryOptions(id));
    },
    [qc],
  );
  const canOpen = access.canOpen;
  const openDenied = access.openDenied;
  useEffect(() => {
    if (canOpen && list.data) void loadForm().catch(() => undefined);
  }, [canOpen, list.data]);

  const team = access.project?.projectTeam;
  const columns = useMemo<PortalColumn<OnePageListRow>[]>(() => {
    const cols: PortalColumn<OnePageListRow>[] = [
      {
        key: 'week',
        title: 'Week',
        value: weekOf,
        sortValue: (r) => r.initialDate,
        filterable: false,
        hideOnMobile: true,
      },
      {
        key: 'createdAt',
        title: 'Created',
        value: (r) => formatDate(r.createdAt, D),
        sortValue: (r) => r.createdAt,
        filterable: false,
      },
      {
        key: 'submittedBy',
        title: 'Submitted by',
        value: (r) => nameOfProfessional(r.idSubmittedBy, professionals.data, team),
        hideOnMobile: true,
      },
      {
        key: 'submittedAt',
        title: 'Submitted',
        value: (r) => formatDate(r.submittedAt, D),
        sortValue: (r) => r.submittedAt ?? '',
        filterable: false,
        hideOnMobile: true,
      },
      actionColumn<OnePageListRow>('open', 'Open', 110, (r) =>
        canOpen ? (
          <Button
            size="small"
            icon={<OpenRegular />}
            aria-label={`Open the One-Page of ${weekOf(r)}`}
            onMouseEnter={() => warm(r.id)}
            onFocus={() => warm(r.id)}
            onClick={() => open(r.id)}
          >
            Open
          </Button>
        ) : (
          <span title={openDenied}>No access</span>
        ),
      ),
    ];
    if (access.canUndo)
      cols.push(
        actionColumn<OnePageListRow>('undo', 'Undo', 110, (r) =>
          r.submittedAt ? (
            <Button
              size="small"
              icon={<ArrowUndoRegular />}
              aria-label={`Undo the submit of ${weekOf(r)}`}
              onClick={() => setUndoing(r)}
            >
              Undo
            </Button>
          ) : null,
        ),
      );
    cols.push({
      key: 'delayed',
      title: 'Delayed',
      width: 90,
      sortable: false,
      filterable: false,
      searchable: false,
      value: (r) => (r.isDelayedSubmitted ? 'Delayed submit' : ''),
      render: (r) =>
        r.isDelayedSubmitted ? (
          <Hint content="Delayed submit" relationship="label">
            <StarFilled className={s.star} role="img" aria-label="Delayed submit" tabIndex={0} />
          </Hint>
        ) : null,
    });
    return cols;
  }, [access.canUndo, canOpen, openDenied, open, warm, professionals.data, team, s.star]);

  let body;
  if (access.isLoading) body = <LoadingState />;
  else if (access.isError || !access.project || !access.user)
    body = <ErrorState message="Something went wrong" />;
  else if (!access.canList)
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>{access.listDenied}</MessageBarBody>
      </MessageBar>
    );
  else if (openId > 0 && canOpen)
    body = (
      <Suspense fallback={<LoadingState label="Loading One-Page..." />}>
        <OnePageForm projectId={projectId} onePageId={openId} canFill={access.canFill} onClose={close} />
      </Suspense>
    );
  else
    body = (
      <>
        <div className={s.toolbar}>
          <Link className={s.link} onClick={() => getHost().openLink(ONE_PAGE_TUTORIAL_URL)}>
            <VideoClipRegular aria-hidden /> Watch the One-Page tutorial
          </Link>
          {access.canGrant ? (
            <Button icon={<PeopleLockRegular />} onClick={() => setGranting(true)}>
              Grant access
            </Button>
          ) : null}
        </div>
        {!canOpen ? (
          <MessageBar intent="info" className={s.message}>
            <MessageBarBody>{openDenied}</MessageBarBody>
          </MessageBar>
        ) : null}
        <TrendGrid<OnePageListRow>
          query={list}
          trend={list.data ?? []}
          ariaLabel="One-Pages"
          columns={columns}
          getRowId={(r) => r.id}
          defaultSort={{ key: 'createdAt', direction: 'desc' }}
          mobileColumns={['createdAt', 'open', 'undo', 'delayed']}
          pageSize={10}
          emptyText="No One-Pages yet"
        />
      </>
    );

  return (
    <section>
      <PageHeading banner="DURING" title="One-Page" />
      {body}
      {granting && access.project ? (
        <GrantAccessDialog
          projectId={projectId}
          team={access.project.projectTeam}
          onClose={() => setGranting(false)}
        />
      ) : null}
      {undoing ? (
        <ConfirmDialog
          open
          title="One Page Undo Submit"
          busy={unsubmit.isPending}
          onCancel={() => setUndoing(null)}
          onConfirm={() =>
            unsubmit.mutate(undoing.id, {
              onSuccess: () => notify.success('Saved'),
              onError: (e) =>
                notify.error('Something went wrong', e instanceof Error ? e.message : undefined),
              onSettled: () => setUndoing(null),
            })
          }
        >
          {`Are you sure you want to undo the submit of the One Page of ${weekOf(undoing)}?`}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
