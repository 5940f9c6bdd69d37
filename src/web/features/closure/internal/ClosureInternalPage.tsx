import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button, Card, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  DocumentPdfRegular,
  FormRegular,
  MailRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { ErrorState, LoadingState, PageHeading, PdfUpload } from '@web/ui';
import { getHost } from '@web/host';
import {
  useClosureInternal,
  usePatchChecklist,
  type ChecklistChange,
  type ChecklistField,
  type ClosureInternal,
} from './api/closure-internal';
import { closureFile } from './api/files';
import { AUTO_SANITIZATION_URL, KM_EMAIL } from './config';
import { CloseOutDialog } from './CloseOutDialog';
import { CloseOutStatus } from './CloseOutStatus';
import { useUpload } from './useUpload';
import { ResponsibleField, StatusToggle } from '../client/ClosureItem';
import { useClosureAccess, type PersonOption } from '../client/access';
import { useFileDownload } from '@web/ui/file-download';
import { Tabs } from '@web/ui/Tabs';

const CrmTab = lazy(() => import('./crm/CrmTab').then((m) => ({ default: m.CrmTab })));

const useStyles = makeStyles({
  panel: {
    paddingTop: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The four tabs in the spec's order (002 §2.6) with their checklist fields (002 §3). */
const TABS = [
  { id: 'closeout', label: 'Close-out', responsible: 'formIDPersonResponsible', status: 'formStatus' },
  {
    id: 'sanitized',
    label: 'Sanitized References',
    responsible: 'sanitizedReferenceIDPersonResponsible',
    status: 'sanitizedReferenceStatus',
  },
  {
    id: 'network',
    label: 'Project Network',
    responsible: 'projectNetworkIDPersonResponsible',
    status: 'projectNetworkStatus',
  },
  { id: 'crm', label: 'CRM', responsible: 'crmidPersonResponsible', status: 'crmStatus' },
] as const satisfies readonly {
  id: string;
  label: string;
  responsible: ChecklistField;
  status: ChecklistField;
}[];
type TabId = (typeof TABS)[number]['id'];
const TAB_LABELS = TABS.map((t) => [t.id, t.label] as const);

/** `?crm` (or any query value crm) opens the CRM tab first, otherwise Close-out (002 §2.6). */
const firstTab = (params: URLSearchParams): TabId =>
  params.has('crm') || [...params.values()].includes('crm') ? 'crm' : 'closeout';

/** The checklist of one tab: person responsible (team only) and status, each saved at once. */
function Checklist({
  tab,
  record,
  people,
  canEdit,
  shown,
  onChange,
  children,
}: {
  tab: (typeof TABS)[number];
  record: ClosureInternal;
  people: readonly PersonOption[];
  canEdit: boolean;
  shown: (field: ChecklistField, saved: number | boolean | null) => number | boolean | null;
  onChange: (change: ChecklistChange) => void;
  children?: ReactNode;
}) {
  const s = useStyles();
  return (
    <Card className={s.card} role="group" aria-label={tab.label}>
      <div className={s.row}>
        <ResponsibleField
          label={tab.label}
          value={shown(tab.responsible, record[tab.responsible]) as number | null}
          people={people}
          disabled={!canEdit}
          onChange={(value) => onChange({ field: tab.responsible, value })}
        />
        <StatusToggle
          item={tab.label}
          value={!!shown(tab.status, record[tab.status])}
          disabled={!canEdit}
          onChange={(value) => onChange({ field: tab.status, value })}
        />
      </div>
      {children}
    </Card>
  );
}

/**
 * Closure Internal `/project/{id}/closure/internal` (002 §2.6, header CLOSURE): four tabs — Close-out (with
 * 'Open form'), Sanitized References (upload, download, auto-sanitization page), Project Network (with the
 * knowledge-management mailbox) and CRM (its content: ./crm) — each with a person responsible from the team and a
 * status Not started / Done, saved at once. Read-only for people outside the project's team
 * (RULES.closureInternalEdit, mirrored by canWorkOnSignedDocuments).
 */
export default function ClosureInternalPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabId>(() => firstTab(params));
  const [formOpen, setFormOpen] = useState(false);
  const access = useClosureAccess(projectId);
  const closure = useClosureInternal(projectId);
  const patch = usePatchChecklist(projectId);
  const download = useFileDownload();
  const upload = useUpload(projectId, 'sanitized-references');

  if (access.isLoading || closure.isLoading) return <LoadingState />;
  if (!access.project) return <ErrorState message="Project not found" />;
  const record = closure.data;
  if (!record)
    return (
      <ErrorState
        message={(closure.error as Error | null)?.message ?? 'Something went wrong'}
        onRetry={() => void closure.refetch()}
      />
    );

  const canEdit = access.canEdit;
  /** The value being saved shows at once; the answer replaces it. */
  const shown = (field: ChecklistField, saved: number | boolean | null) =>
    patch.isPending && patch.variables?.field === field ? patch.variables.value : saved;
  const onChange = (change: ChecklistChange) => {
    if (canEdit) patch.mutate(change);
  };
  const current = TABS.find((t) => t.id === tab)!;
  const checklist = (children?: ReactNode) => (
    <Checklist
      tab={current}
      record={record}
      people={access.people}
      canEdit={canEdit}
      shown={shown}
      onChange={onChange}
    >
      {children}
    </Checklist>
  );
  const kmLink = (
    <Link
      href={`mailto:${KM_EMAIL}`}
      onClick={(e) => {
        e.preventDefault();
        getHost().openLink(`mailto:${KM_EMAIL}`);
      }}
    >
      {KM_EMAIL}
    </Link>
  );

  return (
    <section>
      <PageHeading banner="CLOSURE" title="Closure Internal" />
      <Tabs
        label="Closure Internal"
        tabs={TAB_LABELS}
        selected={tab}
        onSelect={setTab}
        panelClassName={s.panel}
      >
        {tab === 'closeout'
          ? checklist(
              <>
                <div className={s.actions}>
                  <Button appearance="primary" icon={<FormRegular />} onClick={() => setFormOpen(true)}>
                    Open form
                  </Button>
                </div>
                <CloseOutStatus record={record} />
              </>,
            )
          : null}
        {tab === 'sanitized'
          ? checklist(
              <>
                {canEdit ? (
                  <PdfUpload
                    label="Sanitized references file (PDF)"
                    disabled={upload.busy}
                    onUpload={(file) => upload.run(file)}
                  />
                ) : null}
                <div className={s.actions}>
                  {record.sanitizedReferenceAttach ? (
                    <>
                      <DocumentPdfRegular aria-hidden />
                      <Text weight="semibold">{record.sanitizedReferenceAttach}</Text>
                      <Button
                        icon={<ArrowDownloadRegular />}
                        disabled={download.busy !== null}
                        onClick={() =>
                          void download.run(
                            closureFile(projectId, 'sanitized-references', record.sanitizedReferenceAttach),
                          )
                        }
                      >
                        Download sanitized file
                      </Button>
                    </>
                  ) : (
                    <Text italic>No sanitized file uploaded yet</Text>
                  )}
                </div>
                <div className={s.actions}>
                  <Button icon={<OpenRegular />} onClick={() => getHost().openLink(AUTO_SANITIZATION_URL)}>
                    Open auto-sanitization
                  </Button>
                  <Text size={200}>
                    Sanitizes a document for you on the firm&apos;s auto-sanitization page.
                  </Text>
                </div>
              </>,
            )
          : null}
        {tab === 'network'
          ? checklist(
              <div className={s.actions}>
                <MailRegular aria-hidden />
                <Text>Knowledge management:</Text>
                {kmLink}
              </div>,
            )
          : null}
        {tab === 'crm' ? (
          <>
            {checklist()}
            <Suspense fallback={<LoadingState />}>
              <CrmTab projectId={projectId} />
            </Suspense>
          </>
        ) : null}
      </Tabs>
      {formOpen ? (
        <CloseOutDialog
          projectId={projectId}
          projectName={access.project.name}
          record={record}
          people={access.people}
          readOnly={!canEdit}
          onClose={() => setFormOpen(false)}
        />
      ) : null}
    </section>
  );
}
