import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  OptionGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, EyeRegular } from '@fluentui/react-icons';
import type { ImportProblem, ImportReport, ImportReportRow } from '@domain/contract/imports';
import { MASTER_LISTS, MASTER_LIST_KEYS } from '@domain/rules/master-lists';
import { imports } from '@web/api/endpoints/imports';
import { apiPath } from '@web/api/endpoint';
import { PortalDataGrid, useFileDownload } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { refusedReport, useRunImport } from './api/run';
import { ImportProgress } from './ImportProgress';

const KIND_GROUPS: { label: string; kinds: { key: string; label: string }[] }[] = [
  {
    label: 'Master data lists',
    kinds: MASTER_LIST_KEYS.map((k) => ({ key: k, label: MASTER_LISTS[k].label })),
  },
  { label: 'People', kinds: [{ key: 'professionals', label: 'Professionals' }] },
  { label: 'Projects', kinds: [{ key: 'projects', label: 'Projects (with teams)' }] },
];
const KIND_KEYS = KIND_GROUPS.flatMap((g) => g.kinds.map((k) => k.key));
const labelOf = (kind: string) =>
  KIND_GROUPS.flatMap((g) => g.kinds).find((k) => k.key === kind)?.label ?? kind;

const ACTION_LABEL: Record<ImportReportRow['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
  },
  kind: { minWidth: '280px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXL,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  count: { display: 'flex', flexDirection: 'column' },
  section: { marginTop: tokens.spacingVerticalL },
  hint: { color: tokens.colorNeutralForeground3 },
});

function Counts({ report }: { report: ImportReport }) {
  const s = useStyles();
  const items: [string, number][] = [
    ['Rows', report.total],
    ['Create', report.created],
    ['Update', report.updated],
    ['Unchanged', report.unchanged],
    ['Problems', report.errorCount],
  ];
  return (
    <div className={s.summary} aria-label="Import summary">
      {items.map(([label, n]) => (
        <div key={label} className={s.count}>
          <Text size={200}>{label}</Text>
          <Text size={500} weight="semibold" aria-label={`${label}: ${n}`}>
            {n.toLocaleString('en')}
          </Text>
        </div>
      ))}
    </div>
  );
}

function Report({ report }: { report: ImportReport }) {
  const s = useStyles();
  return (
    <>
      <Counts report={report} />
      {report.errorCount > 0 ? (
        <div className={s.section}>
          <Text as="h3" weight="semibold">
            Problems
            {report.errorCount > report.errors.length
              ? ` (the first ${report.errors.length} of ${report.errorCount})`
              : ''}
          </Text>
          <PortalDataGrid<ImportProblem & { i: number }>
            ariaLabel="Problems"
            rows={report.errors.map((e, i) => ({ ...e, i }))}
            getRowId={(r) => r.i}
            pageSize={50}
            columns={[
              { key: 'sheet', title: 'Sheet', width: 120 },
              { key: 'row', title: 'Row', width: 80, value: (r) => r.row || '' },
              { key: 'column', title: 'Column', width: 160 },
              { key: 'message', title: 'Message' },
            ]}
          />
        </div>
      ) : null}
      <div className={s.section}>
        <Text as="h3" weight="semibold">
          Rows{report.rowsTruncated ? ` (the first ${report.rows.length} of ${report.total})` : ''}
        </Text>
        <PortalDataGrid<ImportReportRow & { i: number }>
          ariaLabel="Rows"
          rows={report.rows.map((r, i) => ({ ...r, i }))}
          getRowId={(r) => r.i}
          pageSize={50}
          emptyText="The file has no rows"
          columns={[
            { key: 'sheet', title: 'Sheet', width: 120 },
            { key: 'row', title: 'Row', width: 80 },
            { key: 'key', title: 'Key' },
            { key: 'action', title: 'Action', width: 120, value: (r) => ACTION_LABEL[r.action] },
          ]}
        />
      </div>
    </>
  );
}

/**
 * Admin › Import: a kind (a master list, professionals, or projects with their teams), its template, a file
 * (.xlsx or .csv), its preview (what would be created, updated, left unchanged, and every problem by row and
 * column) and the import itself, enabled once the preview of that file has no problem. All or nothing.
 */
export default function ImportPage() {
  const s = useStyles();
  // `?kind=professionals` opens that kind (the first-day guide links to each)
  const [params] = useSearchParams();
  const asked = params.get('kind');
  const [kind, setKind] = useState(asked && KIND_KEYS.includes(asked) ? asked : 'projects');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const download = useFileDownload();
  const run = useRunImport();
  const pendingDryRun = run.isPending ? run.variables?.dryRun : undefined;

  const reset = () => {
    setPreview(null);
    setResult(null);
    setFailure(null);
  };

  const start = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    try {
      const report = await run.mutateAsync({ kind, file, dryRun });
      if (dryRun) setPreview(report);
      else {
        setResult(report);
        setPreview(null);
      }
    } catch (e) {
      const refused = refusedReport(e);
      if (refused) setPreview(refused);
      setFailure((e as Error).message);
    }
  };

  const canImport = !!file && !!preview && preview.errorCount === 0 && !run.isPending;
  return (
    <AdminScreen title="Import">
      <Text className={s.hint} as="p">
        Download the template of a list, fill it in Excel (or save it as CSV, UTF-8, with ; or ,), preview it,
        then import it. Rows are matched by code, name or e-mail; importing the same file again changes
        nothing.
      </Text>
      <div className={s.form}>
        <Field label="What to import" className={s.kind}>
          <Dropdown
            aria-label="What to import"
            value={labelOf(kind)}
            selectedOptions={[kind]}
            disabled={run.isPending}
            onOptionSelect={(_, d) => {
              if (d.optionValue) {
                setKind(d.optionValue);
                reset();
              }
            }}
          >
            {KIND_GROUPS.map((g) => (
              <OptionGroup key={g.label} label={g.label}>
                {g.kinds.map((k) => (
                  <Option key={k.key} value={k.key}>
                    {k.label}
                  </Option>
                ))}
              </OptionGroup>
            ))}
          </Dropdown>
        </Field>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={download.busy !== null}
          onClick={() =>
            void download.run({
              path: apiPath(imports.template, { params: { kind } }),
              name: `${kind}-import-template.xlsx`,
            })
          }
        >
          Download template
        </Button>
        <Field label="File (.xlsx or .csv)" hint="At most 25 MB">
          <input
            ref={input}
            type="file"
            aria-label="File to import"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={run.isPending}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
          />
        </Field>
        <div className={s.actions}>
          <Button icon={<EyeRegular />} disabled={!file || run.isPending} onClick={() => void start(true)}>
            Preview
          </Button>
          <Button
            appearance="primary"
            icon={<ArrowUploadRegular />}
            disabled={!canImport}
            onClick={() => void start(false)}
          >
            Import
          </Button>
        </div>
      </div>
      {pendingDryRun !== undefined ? <ImportProgress kind={kind} dryRun={pendingDryRun} /> : null}
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Nothing was imported</MessageBarTitle>
            {failure}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {result ? (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>Imported</MessageBarTitle>
            {`${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged (${result.seconds} s)`}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {preview && preview.errorCount === 0 && !result ? (
        <MessageBar intent="info">
          <MessageBarBody>The file has no problem: Import writes it.</MessageBarBody>
        </MessageBar>
      ) : null}
      {preview ? <Report report={preview} /> : result ? <Report report={result} /> : null}
    </AdminScreen>
  );
}
