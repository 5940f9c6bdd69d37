import { useMemo, useState } from 'react';
import { Dropdown, Field, Option, makeStyles } from '@fluentui/react-components';
import type { ProjectEvaluation, SessionUser } from '@domain/contract';
import { canEditEvaluations, cycleOptions } from '@domain/rules';
import { ErrorState, PortalDataGrid, type FormField, type PortalColumn, useGridWrites } from '@web/ui';
import { ModalDialog } from '@web/ui/dialog';
import type { ProjectDetail } from '../api/get-project';
import { useEvaluationMutations, useEvaluations } from '../api/evaluations';

const useStyles = makeStyles({ content: { overflowX: 'auto' } });

/**
 * The width a column needs for its heading in full: the grid shows headings in capitals at 12 px semibold
 * (about 8 px a character) in a small button (16 px padding, 24 px sort arrow) beside the header filter button
 * (28 px) within the cell's padding (16 px). Below it the heading was clipped ("ROFESSIONAI").
 */
const headingWidth = (title: string) => Math.ceil(title.length * 8 + 84);
/** Room for each cell's padding, and for the grid's edit / delete column (104 px). */
const CELL_PADDING = 16;
const ACTIONS_WIDTH = 120;

const column = (c: PortalColumn<ProjectEvaluation>): PortalColumn<ProjectEvaluation> => ({
  ...c,
  width: Math.max(c.width ?? 0, headingWidth(c.title)),
});

const COLUMNS = (
  [
    { key: 'professional', title: 'Professional', value: (r) => r.professional?.name ?? '' },
    { key: 'evaluator', title: 'Evaluator', value: (r) => r.evaluator?.name ?? '' },
    { key: 'validator', title: 'Validator', value: (r) => r.validator?.name ?? '' },
    { key: 'partner', title: 'Partner', value: (r) => r.partner?.name ?? '' },
    { key: 'totalDays', title: 'Allocated days', value: (r) => r.totalDays },
    { key: 'isEligible', title: 'Eligible', value: (r) => (r.isEligible ? 'Yes' : 'No') },
    { key: 'status', title: 'Status', value: (r) => r.evaluationStatus.description },
  ] satisfies PortalColumn<ProjectEvaluation>[]
).map(column);
/** The grid is never narrower than its columns (it scrolls sideways instead), so no heading is squashed. */
const columnsWidth = COLUMNS.reduce((n, c) => n + c.width! + CELL_PADDING, 0);

/** Evaluation Management (spec 000 §2.6): pick a cycle, edit the project's evaluations. */
export function EvaluationDialog({
  project,
  user,
  onClose,
}: {
  project: ProjectDetail;
  user: SessionUser;
  onClose: () => void;
}) {
  const s = useStyles();
  const { data, error, isLoading, refetch } = useEvaluations(project.id);
  const m = useEvaluationMutations(project.id);
  const cycles = useMemo(() => cycleOptions(data ?? []), [data]);
  const [cycle, setCycle] = useState<number | null>(null);
  const current = cycle ?? cycles.defaultId;
  const rows = (data ?? []).filter((e) => e.cycle.id === current);
  const editable = canEditEvaluations(user, project.projectTeam, project.idStatus);
  const people = project.projectTeam.map((t) => ({ value: t.idProfessional, label: t.professional.name }));
  const fields: FormField<ProjectEvaluation>[] = [
    { key: 'idProfessional', label: 'Professional', type: 'select', options: people, required: true },
    { key: 'idEvaluator', label: 'Evaluator', type: 'select', options: people },
    { key: 'idValidator', label: 'Validator', type: 'select', options: people },
    { key: 'idPartner', label: 'Partner', type: 'select', options: people },
    { key: 'isEligible', label: 'Eligible', type: 'boolean' },
  ];
  // the form keeps the server's message and what was typed; the toasts say "Saved" / "Something went wrong"
  const writes = useGridWrites<ProjectEvaluation>({
    canEdit: editable,
    title: 'Evaluation',
    fields,
    newRow: () =>
      ({
        isEligible: true,
        cycle: (data ?? []).find((e) => e.cycle.id === current)?.cycle,
      }) as Partial<ProjectEvaluation>,
    save: (values, original) => (original ? m.update.mutateAsync(values) : m.add.mutateAsync(values)),
    remove: (r) => m.remove.mutateAsync(r),
    keepConfirmOnFailure: true,
  });
  const label = cycles.options.find((o) => o.id === current)?.label ?? '';
  return (
    <ModalDialog
      title="Evaluation Management"
      width={1400}
      closeLabel="Close"
      onClose={onClose}
      contentClassName={s.content}
    >
      {error ? <ErrorState message={(error as Error).message} onRetry={() => void refetch()} /> : null}
      <Field label="Cycle">
        <Dropdown
          value={label}
          selectedOptions={current ? [String(current)] : []}
          onOptionSelect={(_, d) => setCycle(Number(d.optionValue))}
        >
          {cycles.options.map((o) => (
            <Option key={o.id} value={String(o.id)}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div style={{ minWidth: columnsWidth + (editable ? ACTIONS_WIDTH + CELL_PADDING : 0) }}>
        <PortalDataGrid<ProjectEvaluation>
          ariaLabel="Evaluations"
          rows={isLoading ? undefined : rows}
          loading={isLoading}
          getRowId={(r) => r.id}
          {...writes}
          isRowReadOnly={(r) => r.isReadOnly}
          emptyText="No evaluations in this cycle"
          columns={COLUMNS}
        />
      </div>
    </ModalDialog>
  );
}
