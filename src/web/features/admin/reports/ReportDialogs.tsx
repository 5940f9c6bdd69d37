import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import {
  EvaluationsReportQuery,
  ProjectAllocationReportQuery,
  SetupAssessmentReportQuery,
} from '@domain/contract';
import type { ReportName } from '@domain/rules/admin';
import { useProfessionals } from '@web/api/master';
import { useProjects } from '@web/api/projects';
import { ModalDialog } from '@web/ui/dialog';
import { FormCombobox, FormDate, FormMultiCombobox, useZodForm, type FormOption } from '@web/ui/form';
import { reportParams, type ReportDownload, type ReportParams } from '@web/ui/report-download';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export interface ReportDialogProps {
  download: Pick<ReportDownload, 'run'>;
  onClose: () => void;
}

const useStyles = makeStyles({
  range: { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalM },
});

/**
 * Generates the report, then closes the dialog whether it succeeded or failed (002 §2.11); only a refusal of the
 * parameters (400) keeps it open with the server's message, so the dates can be corrected.
 */
export async function generateAndClose(
  download: Pick<ReportDownload, 'run'>,
  report: ReportName,
  params: ReportParams,
  onClose: () => void,
) {
  const outcome = await download.run(report, params);
  if (outcome.kind === 'failed' && outcome.refused) throw new Error(outcome.message);
  onClose();
}

/**
 * The dialog frame of a report: Cancel and Generate (the form's values → `generateAndClose`), busy while
 * generating, a refusal shown at the top.
 */
export function ReportFormDialog<V extends FieldValues>({
  title,
  report,
  form,
  download,
  onClose,
  children,
}: ReportDialogProps & {
  title: string;
  report: ReportName;
  form: Pick<UseFormReturn<any, any, V>, 'formState' | 'handleSubmit'>;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      title={title}
      width="small"
      closeLabel="Cancel"
      primaryLabel="Generate"
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => generateAndClose(download, report, v, onClose))}
    >
      {children}
    </ModalDialog>
  );
}

/** Start and end date; the end's picker starts at the chosen start (002 §5: the end cannot be earlier). */
function DateRange({ control, start }: { control: any; start: string | null | undefined }) {
  const s = useStyles();
  return (
    <div className={s.range}>
      <FormDate control={control} name="startDate" label="Start Date" required />
      <FormDate control={control} name="endDate" label="End Date" required min={start ?? undefined} />
    </div>
  );
}

/**
 * A dialog's schema: the contract's query schema of the report (its rules and messages, e.g. the end date not
 * before the start), read from the form's values turned into the query the GET takes (`reportParams`: empty
 * choices left out, lists comma-joined).
 */
function queryForm<Q extends z.ZodType, V extends FieldValues>(query: Q) {
  return z.preprocess((v) => reportParams(v as ReportParams), query) as unknown as z.ZodType<z.output<Q>, V>;
}

export const byName = (a: FormOption, b: FormOption) => a.label.localeCompare(b.label);

/** 002 §8 "Admin screens": a list that could not be loaded says so (its choices stay empty). */
export const FETCH_FAILED = {
  professionals: 'Failed to fetch professionals.',
  projects: 'Failed to fetch projects.',
  clients: 'Failed to fetch clients.',
  scheduleWeeks: 'Failed to fetch schedule weeks.',
} as const;

function useProfessionalOptions() {
  const professionals = useProfessionals();
  const options = useMemo<FormOption[]>(
    () =>
      (professionals.data ?? [])
        .map((p) => ({ value: p.ID, label: p.isActive === false ? `${p.Name} (inactive)` : p.Name }))
        .sort(byName),
    [professionals.data],
  );
  return { options, failed: professionals.isError ? FETCH_FAILED.professionals : null };
}

export function useProjectOptions(by: 'id' | 'code') {
  const projects = useProjects();
  const options = useMemo<FormOption[]>(
    () =>
      (projects.data ?? [])
        .map((p) => ({ value: by === 'id' ? p.id : p.code, label: `${p.code} - ${p.name}` }))
        .sort(byName),
    [projects.data, by],
  );
  return { options, failed: projects.isError ? FETCH_FAILED.projects : null };
}

/** The lists' load failures, above the form. */
export function FetchFailures({ messages }: { messages: (string | null)[] }) {
  const shown = messages.filter((m): m is string => !!m);
  return shown.length ? (
    <MessageBar intent="error">
      <MessageBarBody>{shown.join(' ')}</MessageBarBody>
    </MessageBar>
  ) : null;
}

/**
 * The professional and project pickers (optional: empty is all) with the lists' load failures, then the dates:
 * one of each (`idProfessional`, `idProject` by id) or, `multiple`, lists (`professionalIds`, `projectCodes`).
 */
function PickersAndDates({
  control,
  start,
  multiple = false,
}: {
  control: any;
  start: string | null | undefined;
  multiple?: boolean;
}) {
  const professionals = useProfessionalOptions();
  const projects = useProjectOptions(multiple ? 'code' : 'id');
  const Picker = multiple ? FormMultiCombobox : FormCombobox;
  return (
    <>
      <FetchFailures messages={[professionals.failed, projects.failed]} />
      <Picker
        control={control}
        name={multiple ? 'professionalIds' : 'idProfessional'}
        label={multiple ? 'Professionals' : 'Professional'}
        placeholder="All professionals"
        options={professionals.options}
      />
      <Picker
        control={control}
        name={multiple ? 'projectCodes' : 'idProject'}
        label={multiple ? 'Project Codes' : 'Project'}
        placeholder="All projects"
        options={projects.options}
      />
      <DateRange control={control} start={start} />
    </>
  );
}

const SetupAssessmentForm = queryForm<
  typeof SetupAssessmentReportQuery,
  { startDate: string | null; endDate: string | null }
>(SetupAssessmentReportQuery);

/** Setup Assessment (002 §2.11): start and end date → setup-assessment; the contract's range rule. */
export function SetupAssessmentReportDialog({ download, onClose }: ReportDialogProps) {
  const form = useZodForm(SetupAssessmentForm, { startDate: null, endDate: null });
  return (
    <ReportFormDialog
      title="Setup Assessment"
      report="setup-assessment"
      form={form}
      download={download}
      onClose={onClose}
    >
      <DateRange control={form.control} start={form.watch('startDate')} />
    </ReportFormDialog>
  );
}

/** Project Evaluations' form: the professional and project optional (null = any). */
const EvaluationsForm = queryForm<
  typeof EvaluationsReportQuery,
  {
    idProfessional: number | null;
    idProject: number | null;
    startDate: string | null;
    endDate: string | null;
  }
>(EvaluationsReportQuery);

/** Project Evaluations (002 §2.11): professional, project, start and end date → project-professional-evaluations. */
export function EvaluationsReportDialog({ download, onClose }: ReportDialogProps) {
  const form = useZodForm(EvaluationsForm, {
    idProfessional: null,
    idProject: null,
    startDate: null,
    endDate: null,
  });
  return (
    <ReportFormDialog
      title="Project Evaluations"
      report="project-professional-evaluations"
      form={form}
      download={download}
      onClose={onClose}
    >
      <PickersAndDates control={form.control} start={form.watch('startDate')} />
    </ReportFormDialog>
  );
}

/** Project Allocation's form: the optional lists as arrays (sent comma-joined, §7). */
const AllocationForm = queryForm<
  typeof ProjectAllocationReportQuery,
  { professionalIds: number[]; projectCodes: string[]; startDate: string | null; endDate: string | null }
>(ProjectAllocationReportQuery);

/** Project Allocation (002 §2.11): optional professionals and project codes, start and end → project-allocation. */
export function AllocationReportDialog({ download, onClose }: ReportDialogProps) {
  const form = useZodForm(AllocationForm, {
    professionalIds: [],
    projectCodes: [],
    startDate: null,
    endDate: null,
  });
  return (
    <ReportFormDialog
      title="Project Allocation"
      report="project-allocation"
      form={form}
      download={download}
      onClose={onClose}
    >
      <PickersAndDates multiple control={form.control} start={form.watch('startDate')} />
    </ReportFormDialog>
  );
}
