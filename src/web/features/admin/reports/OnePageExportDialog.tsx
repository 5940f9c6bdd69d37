import { useMemo } from 'react';
import { z } from 'zod';
import { Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import type { OnePageCompleteQuery } from '@domain/contract';
import { DURING_TYPES, PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import { MONTH_NAMES } from '@web/ui/dates';
import { ModalDialog } from '@web/ui/dialog';
import { FormMultiCombobox, FormSelect, FormText, useZodForm, type FormOption } from '@web/ui/form';
import type { ReportParamValue } from '@web/ui/report-download';
import { useClients } from '../projects/api/clients';
import {
  byName,
  FETCH_FAILED,
  FetchFailures,
  generateAndClose,
  useProjectOptions,
  type ReportDialogProps,
} from './ReportDialogs';

const ANY: FormOption = { value: '', label: 'Any' };
const yesNo: FormOption[] = [ANY, { value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];
/** "Any" then the labelled ids of a constant table. */
const options = (labels: Record<number, string>, from = 0): FormOption[] => [
  ANY,
  ...Object.entries(labels)
    .filter(([id]) => Number(id) >= from)
    .map(([id, label]) => ({ value: Number(id), label })),
];
const mapValues = <T,>(o: Record<number, T>, f: (t: T) => string) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as Record<number, string>;
const STATUS_OPTIONS = options(mapValues(PROJECT_STATUS, (s) => s.adminLabel));
const DURING_OPTIONS = options(DURING_TYPES);
const PROBLEM_LABELS = mapValues(PROBLEM_LEVEL, (p) => p.label);
const PROBLEM_OPTIONS = options(PROBLEM_LABELS);
/** Environment status: 1 Green, 2 Yellow, 3 Red (002 §4). */
const ENVIRONMENT_OPTIONS = options(PROBLEM_LABELS, 1);
const MONTH_OPTIONS: FormOption[] = MONTH_NAMES.map((m, i) => ({ value: i + 1, label: `${i + 1} - ${m}` }));

/** Year choices: the current year or the previous one (002 §5, §9). */
export const yearOptions = (now = new Date()): FormOption[] =>
  [now.getFullYear(), now.getFullYear() - 1].map((y) => ({ value: y, label: String(y) }));

const anyOf = <T extends z.ZodType>(t: T) => z.union([z.literal(''), t]);
/**
 * The export-choice form. Mirrors OnePageCompleteQuery (whose filters are all optional): "Any" is '' and is not
 * sent; month and year are always chosen in the filtered export (002 §5: Mês 1–12, Ano current or previous).
 */
const OnePageExportForm = z.object({
  mode: z.enum(['week', 'filtered']),
  projectCode: z.string(),
  projectName: z.string(),
  clientName: z.string(),
  isInternal: z.enum(['', 'true', 'false']),
  projectStatus: anyOf(z.number().int().min(1).max(6)),
  duringType: anyOf(z.number().int().min(1).max(3)),
  isSubmitted: z.enum(['', 'true', 'false']),
  onePageStatus: anyOf(z.number().int().min(0).max(3)),
  environmentStatus: anyOf(z.number().int().min(1).max(3)),
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  /** 002 §7 "lists of ids": the projects and clients chosen (none: all). */
  projectIds: z.array(z.number().int()),
  clientIds: z.array(z.number().int()),
});
type OnePageExportForm = z.infer<typeof OnePageExportForm>;

/** The parameters of one-page-complete: none for this week's export (002 §7: "all null"), else the filters set. */
export function onePageParams(v: OnePageExportForm): {
  [K in keyof z.input<typeof OnePageCompleteQuery>]: ReportParamValue;
} {
  if (v.mode === 'week') return {};
  const { mode: _mode, ...filters } = v;
  return filters;
}

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
});

/**
 * One Page's export-choice dialog (002 §2.11): this week's export, or a filtered export by project code, project
 * name, client name, internal flag, project status, during type, submitted flag, one-page status, environment
 * status, Mês and Ano (defaults: the current month and year), and lists of projects and clients (002 §7 "lists of
 * ids": projectIds, clientIds) → one-page-complete.
 */
export function OnePageExportDialog({ download, onClose }: ReportDialogProps) {
  const s = useStyles();
  const now = new Date();
  const form = useZodForm(OnePageExportForm, {
    mode: 'week',
    projectCode: '',
    projectName: '',
    clientName: '',
    isInternal: '',
    projectStatus: '',
    duringType: '',
    isSubmitted: '',
    onePageStatus: '',
    environmentStatus: '',
    month: now.getMonth() + 1,
    year: now.getFullYear(),
    projectIds: [],
    clientIds: [],
  });
  const projects = useProjectOptions('id');
  const clients = useClients();
  const clientOptions = useMemo<FormOption[]>(
    () => (clients.data ?? []).map((c) => ({ value: c.id, label: c.name })).sort(byName),
    [clients.data],
  );
  const filtered = form.watch('mode') === 'filtered';
  const c = form.control;
  return (
    <ModalDialog
      title="One Page"
      width="medium"
      closeLabel="Cancel"
      primaryLabel="Generate"
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) =>
        generateAndClose(download, 'one-page-complete', onePageParams(v), onClose),
      )}
    >
      <Controller
        control={c}
        name="mode"
        render={({ field }) => (
          <Field label="Export">
            <RadioGroup
              name={field.name}
              value={field.value}
              onChange={(_, d) => field.onChange(d.value)}
              layout="horizontal"
            >
              <Radio value="week" label="This week's export" />
              <Radio value="filtered" label="Filtered export" />
            </RadioGroup>
          </Field>
        )}
      />
      {filtered ? (
        <div className={s.grid}>
          <FormText control={c} name="projectCode" label="Project Code" />
          <FormText control={c} name="projectName" label="Project Name" />
          <FormText control={c} name="clientName" label="Client Name" />
          <FormSelect control={c} name="isInternal" label="Internal" options={yesNo} />
          <FormSelect control={c} name="projectStatus" label="Project Status" options={STATUS_OPTIONS} />
          <FormSelect control={c} name="duringType" label="During Type" options={DURING_OPTIONS} />
          <FormSelect control={c} name="isSubmitted" label="Submitted" options={yesNo} />
          <FormSelect control={c} name="onePageStatus" label="One-Page Status" options={PROBLEM_OPTIONS} />
          <FormSelect
            control={c}
            name="environmentStatus"
            label="Environment Status"
            options={ENVIRONMENT_OPTIONS}
          />
          <FormSelect control={c} name="month" label="Mês" options={MONTH_OPTIONS} />
          <FormSelect control={c} name="year" label="Ano" options={yearOptions(now)} />
        </div>
      ) : null}
      {filtered ? (
        <>
          <FetchFailures messages={[projects.failed, clients.isError ? FETCH_FAILED.clients : null]} />
          <FormMultiCombobox
            control={c}
            name="projectIds"
            label="Projects"
            placeholder="All projects"
            options={projects.options}
          />
          <FormMultiCombobox
            control={c}
            name="clientIds"
            label="Clients"
            placeholder="All clients"
            options={clientOptions}
          />
        </>
      ) : null}
    </ModalDialog>
  );
}
