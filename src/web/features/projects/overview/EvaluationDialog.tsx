import { useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Option,
} from '@fluentui/react-components';
import type { ProjectEvaluation, SessionUser } from '@domain/contract';
import { canEditEvaluations, cycleOptions } from '@domain/rules';
import { ErrorState, PortalDataGrid, useNotify, type FormField } from '@web/ui';
import type { ProjectDetail } from '../api/get-project';
import { useEvaluationMutations, useEvaluations } from '../api/evaluations';

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
  const notify = useNotify();
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
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      notify.success('Saved');
    } catch (e) {
      notify.error('Something went wrong');
      throw e;
    }
  };
  const label = cycles.options.find((o) => o.id === current)?.label ?? '';
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 1100, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>Evaluation Management</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
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
            <PortalDataGrid<ProjectEvaluation>
              ariaLabel="Evaluations"
              rows={isLoading ? undefined : rows}
              loading={isLoading}
              getRowId={(r) => r.id}
              readOnly={!editable}
              isRowReadOnly={(r) => r.isReadOnly}
              emptyText="No evaluations in this cycle"
              editForm={{
                title: 'Evaluation',
                fields,
                newRow: () =>
                  ({
                    isEligible: true,
                    cycle: (data ?? []).find((e) => e.cycle.id === current)?.cycle,
                  }) as Partial<ProjectEvaluation>,
                onSave: (values, original) =>
                  run(original ? m.update.mutateAsync(values) : m.create.mutateAsync(values)),
              }}
              onDelete={(r) => run(m.remove.mutateAsync(r))}
              columns={[
                { key: 'professional', title: 'Professional', value: (r) => r.professional?.name ?? '' },
                { key: 'evaluator', title: 'Evaluator', value: (r) => r.evaluator?.name ?? '' },
                { key: 'validator', title: 'Validator', value: (r) => r.validator?.name ?? '' },
                { key: 'partner', title: 'Partner', value: (r) => r.partner?.name ?? '' },
                { key: 'totalDays', title: 'Allocated days', value: (r) => r.totalDays },
                { key: 'isEligible', title: 'Eligible', value: (r) => (r.isEligible ? 'Yes' : 'No') },
                { key: 'status', title: 'Status', value: (r) => r.evaluationStatus.description },
              ]}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
