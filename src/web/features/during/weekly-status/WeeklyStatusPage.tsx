import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUndoRegular,
  DeleteRegular,
  OpenRegular,
  SendRegular,
} from '@fluentui/react-icons';
import type { WeeklyStatus } from '@domain/contract';
import { canWorkOnSignedDocuments, signedStatusDisplay, weeklyStatusActions } from '@domain/rules';
import { useSetupAccess } from '@web/api/setup-access';
import {
  ConfirmDialog,
  ErrorState,
  LoadingState,
  PageHeading,
  formatDate,
  useNotify,
  QueryGrid,
  type PortalColumn,
} from '@web/ui';
import { actionColumn } from '@web/ui/DataGrid';
import { SignedStatusDot } from '@web/ui/esign';
import { wsKeys } from './api/keys';
import { resendWeeklyStatus } from './api/resend';
import { useDeleteWeeklyStatus, useUpdateWeeklyStatus } from './api/weekly-status';
import { useWeeklyStatuses } from './api/weekly-statuses';
import { FILE_TOASTS, TOASTS, failureText } from './messages';
import { weeklyStatusFile } from './api/file';
import { WeeklyStatusDialog } from './WeeklyStatusDialog';
import { previousWeeklyStatus } from './start-from';
import { useFileDownload } from '@web/ui/file-download';

const useStyles = makeStyles({
  na: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const NOT_AVAILABLE = 'Not available';
const DATE = 'dd MMM yyyy' as const;

type Open = { kind: 'dialog'; row?: WeeklyStatus } | { kind: 'delete' | 'undo'; row: WeeklyStatus } | null;

/**
 * During › Weekly Status `/project/{id}/during/weekly-status` (spec 001 §2 "Weekly Status list (DURING banner)"):
 * created, client submission and submitted dates (day, short month, year), the signed-status dot, the detail
 * dialog, Download file and Resend per the availability table of §4 ("Not available" otherwise), Delete and Undo
 * submit with a confirmation. Add opens the dialog for a new one, offered to start from the project's newest
 * (previousWeeklyStatus). Read-only for people outside the project's team (canWorkOnSignedDocuments).
 */
export default function WeeklyStatusPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const canWork = !!access.user && !!access.project && canWorkOnSignedDocuments(access.user, access.team);
  const list = useWeeklyStatuses(projectId);
  const qc = useQueryClient();
  const notify = useNotify();
  const files = useFileDownload(FILE_TOASTS);
  const remove = useDeleteWeeklyStatus(projectId);
  const update = useUpdateWeeklyStatus(projectId);
  const [open, setOpen] = useState<Open>(null);
  const [resending, setResending] = useState<number | null>(null);

  if (access.isLoading) return <LoadingState />;
  const heading = <PageHeading banner="DURING" title="Weekly Status" />;
  if (!access.project)
    return (
      <section>
        {heading}
        <ErrorState message="Project not found" />
      </section>
    );

  const na = <Text className={s.na}>{NOT_AVAILABLE}</Text>;
  const resend = async (row: WeeklyStatus) => {
    setResending(row.id);
    notify.info(TOASTS.resending);
    try {
      await resendWeeklyStatus(row.id);
      notify.success(TOASTS.sent);
    } catch (e) {
      notify.error(failureText(e));
    } finally {
      setResending(null);
    }
  };

  const columns: PortalColumn<WeeklyStatus>[] = [
    {
      key: 'createdAt',
      title: 'Created',
      width: 120,
      value: (r) => formatDate(r.createdAt, DATE),
      sortValue: (r) => r.createdAt,
    },
    {
      key: 'clientSubmissionDate',
      title: 'Client Submission',
      width: 150,
      value: (r) => formatDate(r.clientSubmissionDate, DATE),
      sortValue: (r) => r.clientSubmissionDate ?? '',
    },
    {
      key: 'submittedAt',
      title: 'Submitted',
      width: 120,
      value: (r) => formatDate(r.submittedAt, DATE),
      sortValue: (r) => r.submittedAt ?? '',
    },
    {
      key: 'signedStatus',
      title: 'Status',
      width: 240,
      value: (r) => signedStatusDisplay(r.signedStatus).label,
      render: (r) => <SignedStatusDot status={r.signedStatus} showLabel />,
    },
    actionColumn<WeeklyStatus>('detail', 'Detail', 90, (r) => (
      <Button
        size="small"
        icon={<OpenRegular />}
        aria-label={`Detail of the weekly status created ${formatDate(r.createdAt, DATE)}`}
        onClick={() => setOpen({ kind: 'dialog', row: r })}
      >
        Detail
      </Button>
    )),
    actionColumn<WeeklyStatus>('download', 'Download file', 140, (r) =>
      weeklyStatusActions(r).downloadSigned ? (
        <Button
          size="small"
          icon={<ArrowDownloadRegular />}
          disabled={files.busy !== null}
          onClick={() => void files.run(weeklyStatusFile(r.id, true))}
        >
          Download
        </Button>
      ) : (
        na
      ),
    ),
    actionColumn<WeeklyStatus>('resend', 'Resend', 120, (r) =>
      canWork && weeklyStatusActions(r).resend ? (
        <Button
          size="small"
          icon={<SendRegular />}
          disabled={resending === r.id}
          onClick={() => void resend(r)}
        >
          Resend
        </Button>
      ) : (
        na
      ),
    ),
  ];
  if (canWork)
    columns.push(
      actionColumn<WeeklyStatus>('actions', 'Actions', 150, (r) => {
        const a = weeklyStatusActions(r);
        return (
          <span className={s.actions}>
            {a.undo ? (
              <Button
                size="small"
                icon={<ArrowUndoRegular />}
                onClick={() => setOpen({ kind: 'undo', row: r })}
              >
                Undo
              </Button>
            ) : null}
            {a.delete && r.signedStatus !== 'deleted' ? (
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label="Delete"
                onClick={() => setOpen({ kind: 'delete', row: r })}
              />
            ) : null}
          </span>
        );
      }),
    );

  const confirm = open && open.kind !== 'dialog' ? open : null;
  return (
    <section>
      {heading}
      <QueryGrid<WeeklyStatus>
        query={list}
        ariaLabel="Weekly Status"
        getRowId={(r) => r.id}
        columns={columns}
        defaultSort={{ key: 'createdAt', direction: 'desc' }}
        pageSize={10}
        emptyText="No weekly statuses yet"
        readOnly={!canWork}
        addLabel="Add weekly status"
        onAdd={canWork ? () => setOpen({ kind: 'dialog' }) : undefined}
      />
      {open?.kind === 'dialog' ? (
        <WeeklyStatusDialog
          projectId={projectId}
          initial={open.row}
          previous={open.row ? undefined : previousWeeklyStatus(list.data)}
          canWork={canWork}
          onClose={() => {
            setOpen(null);
            // closing the dialog reloads the list (001 §2)
            void qc.invalidateQueries({ queryKey: wsKeys.list(projectId) });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!confirm}
        title={confirm?.kind === 'undo' ? 'Undo Submit' : 'Delete'}
        onCancel={() => setOpen(null)}
        onConfirm={async () => {
          if (!confirm) return;
          try {
            if (confirm.kind === 'undo')
              await update.mutateAsync({ ws: confirm.row, body: { isSubmitted: false } });
            else await remove.mutateAsync(confirm.row);
            notify.success('Saved');
          } catch (e) {
            notify.error(failureText(e));
          }
          setOpen(null);
        }}
      >
        {confirm?.kind === 'undo'
          ? 'Are you sure you want to undo the submit of the weekly status?'
          : 'Are you sure you want to delete this weekly status?'}
      </ConfirmDialog>
    </section>
  );
}
