import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUndoRegular,
  DismissRegular,
  PeopleLockRegular,
  SendRegular,
} from '@fluentui/react-icons';
import type { ProjectDetail } from '@domain/contract';
import {
  AutosaveTextField,
  ConfirmDialog,
  ErrorState,
  LoadingState,
  formatDate,
  useRecordVersion,
} from '@web/ui';
import type { DashboardRights } from './access';
import { useSaveComment } from './api/comment';
import { useDashboard } from './api/dashboard';
import type { DashboardOnePage, ProjectDashboardRecord } from './api/keys';
import { dashboardPdfFile } from './api/pdf';
import { useSubmitToggle } from './api/submit';
import { onePageKeys, type SuggestionsAnswer } from '../one-page/api/keys';
import { AllocationTable } from '../one-page/form/AllocationTable';
import { OnePageHead, OnePageSections, ProjectFigures, Staffing } from './DashboardContent';
import { GrantAccessDialog } from '../one-page/GrantAccessDialog';
import { COMMENTS } from './options';
import { useFileDownload } from '@web/ui/file-download';

const D = 'dd MMM yyyy' as const;

const useStyles = makeStyles({
  surface: {
    width: '100vw',
    maxWidth: '100vw',
    height: '100vh',
    maxHeight: '100vh',
    borderRadius: 0,
    padding: tokens.spacingHorizontalL,
  },
  body: { height: '100%', display: 'flex', flexDirection: 'column' },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  title: { flexGrow: 1 },
  content: {
    overflowY: 'auto',
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  comments: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalM,
  },
});

const SECTION_NAMES = [
  'Project Dashboard',
  'One Page',
  'Weekly Checklist',
  'Delivery',
  'Professionals',
  'Staffing',
];

/**
 * The full-screen dashboard (002 §2.5): its one-page is looked up first — format 1 makes the comments editable
 * (for those RULES.dashboardCommentEdit allows), any other format or a failed lookup keeps everything read-only.
 * Collapsible sections Project Dashboard, One Page, Weekly Checklist, Delivery, Professionals, Staffing; the PDF
 * (beyond the spec), the submit / undo confirmation and the grant-access dialog.
 */
export function DashboardDialog({
  dashboardId,
  project,
  rights,
  onClose,
}: {
  dashboardId: number;
  project: ProjectDetail;
  rights: DashboardRights;
  onClose: () => void;
}) {
  const s = useStyles();
  const q = useDashboard(dashboardId);
  const d = q.data;
  const download = useFileDownload();
  const [granting, setGranting] = useState(false);
  const week = d?.onePage ? formatDate(d.onePage.initialDate, D) : '';

  return (
    <>
      <Dialog open modalType="modal" onOpenChange={(_, x) => !x.open && onClose()}>
        <DialogSurface className={s.surface}>
          <DialogBody className={s.body}>
            <DialogTitle
              action={
                <div className={s.bar}>
                  <Button
                    icon={download.busy !== null ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
                    disabled={!d || download.busy !== null}
                    onClick={() => void download.run(dashboardPdfFile(dashboardId))}
                  >
                    Download PDF
                  </Button>
                  {d?.onePage ? (
                    <SubmitToggle projectId={project.id} d={d} p={d.onePage} rights={rights} />
                  ) : null}
                  {rights.canGrant ? (
                    <Button icon={<PeopleLockRegular />} onClick={() => setGranting(true)}>
                      Grant access
                    </Button>
                  ) : null}
                  <Button
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label="Close"
                    onClick={onClose}
                  />
                </div>
              }
            >
              {`Dashboard${week ? ` of the week of ${week}` : ''}`}
            </DialogTitle>
            <DialogContent className={s.content}>
              {q.isLoading ? (
                <LoadingState label="Loading dashboard..." />
              ) : q.isError || !d ? (
                <ErrorState message="Something went wrong" onRetry={() => void q.refetch()} />
              ) : (
                <Content d={d} rights={rights} />
              )}
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {granting ? (
        <GrantAccessDialog
          projectId={project.id}
          team={project.projectTeam}
          onClose={() => setGranting(false)}
        />
      ) : null}
    </>
  );
}

function Content({ d, rights }: { d: ProjectDashboardRecord; rights: DashboardRights }) {
  const p = d.onePage;
  // 002 §2.5: format 1 → editable comments (for RULES.dashboardCommentEdit); format 2 or anything else → read-only
  const editable = rights.canComment && p?.format === 1;
  const qc = useQueryClient();
  // the editable Staffing reads the one-page's suggestions: seeded from the dashboard's answer (no second wait)
  useState(() => {
    if (editable && p && !qc.getQueryData(onePageKeys.suggestions(p.id)))
      qc.setQueryData<SuggestionsAnswer>(onePageKeys.suggestions(p.id), d.staffing);
  });
  return (
    <Accordion multiple collapsible defaultOpenItems={SECTION_NAMES}>
      <AccordionItem value="Project Dashboard">
        <AccordionHeader as="h3">Project Dashboard</AccordionHeader>
        <AccordionPanel>
          <ProjectFigures d={d} />
        </AccordionPanel>
      </AccordionItem>
      {p ? (
        <>
          <AccordionItem value="One Page">
            <AccordionHeader as="h3">One Page</AccordionHeader>
            <AccordionPanel>
              <OnePageHead p={p} />
              <Comments dashboardId={d.id} p={p} editable={editable} showPdc={rights.canSeePdcResume} />
            </AccordionPanel>
          </AccordionItem>
          <OnePageSections p={p} />
          <AccordionItem value="Staffing">
            <AccordionHeader as="h3">Staffing</AccordionHeader>
            <AccordionPanel>
              {editable ? (
                // 002 §2.5: feedback edited here; a suggestion added or deleted while the one-page is a draft again
                <AllocationTable
                  projectId={d.project.id}
                  onePageId={p.id}
                  readOnly={!!p.submittedAt}
                  feedbackEditable
                  title="Staffing"
                />
              ) : (
                <Staffing staffing={d.staffing} />
              )}
            </AccordionPanel>
          </AccordionItem>
        </>
      ) : (
        <MessageBar intent="info">
          <MessageBarBody>This dashboard has no One Page.</MessageBarBody>
        </MessageBar>
      )}
    </Accordion>
  );
}

/** The comments (002 §2.5): autosaved boxes when editable, read-only otherwise; the PDC Resume for its scopes only. */
function Comments({
  dashboardId,
  p,
  editable,
  showPdc,
}: {
  dashboardId: number;
  p: DashboardOnePage;
  editable: boolean;
  showPdc: boolean;
}) {
  const s = useStyles();
  const version = useRecordVersion(p.version);
  const save = useSaveComment(dashboardId, p.id);
  return (
    <div className={s.comments}>
      {COMMENTS.filter((c) => showPdc || c.field !== 'pdcResumeComment').map((c) => (
        <AutosaveTextField
          key={c.field}
          label={c.label}
          value={p[c.field]}
          multiline
          rows={4}
          readOnly={!editable}
          version={version}
          onSave={save(c.field)}
          fromRecord={(r: Partial<DashboardOnePage> | undefined) => r?.[c.field] ?? ''}
        />
      ))}
    </div>
  );
}

/** Submit when submittedAt is empty, Undo Submit when set (002 §2.5, §4), each with its confirmation. */
function SubmitToggle({
  projectId,
  d,
  p,
  rights,
}: {
  projectId: number;
  d: ProjectDashboardRecord;
  p: DashboardOnePage;
  rights: DashboardRights;
}) {
  const undo = !!p.submittedAt;
  const toggle = useSubmitToggle(projectId, d.id);
  const [asking, setAsking] = useState(false);
  if (undo ? !rights.canUndo : !rights.canSubmit) return null;
  return (
    <>
      <Button icon={undo ? <ArrowUndoRegular /> : <SendRegular />} onClick={() => setAsking(true)}>
        {undo ? 'Undo Submit' : 'Submit'}
      </Button>
      {asking ? (
        <ConfirmDialog
          open
          title={undo ? 'One Page Undo Submit' : 'One Page Submit'}
          busy={toggle.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => toggle.mutate({ onePage: p, undo }, { onSettled: () => setAsking(false) })}
        >
          {undo
            ? `Are you sure you want to undo the submit of the One Page of ${formatDate(p.initialDate, D)}?`
            : 'Are you sure you want to submit this One Page?'}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
