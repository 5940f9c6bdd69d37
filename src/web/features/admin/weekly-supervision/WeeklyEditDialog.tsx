import { z } from 'zod';
import { Text } from '@fluentui/react-components';
import { DURING_TYPES, PROBLEM_LEVEL } from '@domain/constants';
import {
  SUBMITTED_NEEDS_LEVEL_MESSAGE,
  type SupervisionGridRow,
  type WeeklySupervisionPatch,
} from '@domain/contract';
import { ModalDialog, failureMessage } from '@web/ui';
import { FormSelect, FormSwitch, useZodForm } from '@web/ui/form';
import { useState } from 'react';

const schema = z
  .object({
    priority: z.boolean(),
    internal: z.boolean(),
    idDuringType: z.number().int().min(1).max(3).nullable(),
    onePageProblemLevel: z.number().int().min(0).max(3),
    onePageEnvironmentStatus: z.number().int().min(1).max(3).nullable(),
    isSubmitted: z.boolean(),
  })
  .refine((v) => !v.isSubmitted || v.onePageProblemLevel > 0, {
    path: ['onePageProblemLevel'],
    message: SUBMITTED_NEEDS_LEVEL_MESSAGE,
  });
type Values = z.infer<typeof schema>;

const LEVELS = Object.entries(PROBLEM_LEVEL).map(([v, l]) => ({ value: Number(v), label: l.label }));
const ENVIRONMENTS = LEVELS.filter((l) => l.value > 0);
const TYPES = Object.entries(DURING_TYPES).map(([v, label]) => ({ value: Number(v), label }));

/** The fields whose value differs from the row's: the PATCH sends only what was changed (any subset). */
function changes(row: SupervisionGridRow, v: Values): WeeklySupervisionPatch {
  const body: WeeklySupervisionPatch = {};
  if (v.priority !== row.priority) body.priority = v.priority;
  if (v.internal !== row.internal) body.internal = v.internal;
  if (v.idDuringType !== null && v.idDuringType !== row.idDuringType) body.idDuringType = v.idDuringType;
  if (row.idOnePage !== null) {
    if (v.onePageProblemLevel !== row.onePageProblemLevel) body.onePageProblemLevel = v.onePageProblemLevel;
    if (v.onePageEnvironmentStatus !== null && v.onePageEnvironmentStatus !== row.environmentStatus)
      body.onePageEnvironmentStatus = v.onePageEnvironmentStatus;
    if (v.isSubmitted !== row.onePageSubmitted) body.isSubmitted = v.isSubmitted;
  }
  return body;
}

/**
 * Weekly Supervision's Edit (spec 002 §2.9): priority, internal, during type, and this week's one-page problem
 * level, environment status and submitted flag. Without a one-page this week the one-page fields are read-only.
 * A failed save keeps the dialog open with the server's message.
 */
export function WeeklyEditDialog({
  row,
  onSave,
  onClose,
}: {
  row: SupervisionGridRow;
  onSave: (body: WeeklySupervisionPatch) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useZodForm(schema, {
    priority: row.priority,
    internal: row.internal,
    idDuringType: row.idDuringType,
    onePageProblemLevel: row.onePageProblemLevel,
    onePageEnvironmentStatus: row.environmentStatus,
    isSubmitted: row.onePageSubmitted,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const noOnePage = row.idOnePage === null;
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    const body = changes(row, v);
    if (Object.keys(body).length === 0) return onClose();
    try {
      await onSave(body);
      onClose();
    } catch (e) {
      setFailure(failureMessage(e));
    }
  });
  const { control } = form;
  return (
    <ModalDialog
      title={`Edit ${row.projectCode}`}
      closeLabel="Close"
      primaryLabel="Save"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormSwitch control={control} name="priority" label="Priority" />
      <FormSwitch control={control} name="internal" label="Internal" />
      <FormSelect control={control} name="idDuringType" label="During Type" options={TYPES} />
      {noOnePage ? <Text italic>This project has no one-page this week.</Text> : null}
      <FormSelect
        control={control}
        name="onePageProblemLevel"
        label="OP Status"
        options={LEVELS}
        readOnly={noOnePage}
      />
      <FormSelect
        control={control}
        name="onePageEnvironmentStatus"
        label="Environment"
        options={ENVIRONMENTS}
        readOnly={noOnePage}
      />
      <FormSwitch control={control} name="isSubmitted" label="OP Submitted?" readOnly={noOnePage} />
    </ModalDialog>
  );
}
