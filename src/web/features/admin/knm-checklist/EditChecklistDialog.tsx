import { useEffect, useState } from 'react';
import { Field, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import {
  CHECK_OPTIONS,
  CHECKLIST_CHECKS,
  SEND_WARNING_OPTIONS,
  type ClosureChecklist,
} from '@domain/contract';
import { ModalDialog } from '@web/ui/dialog';
import { QueryError } from '@web/ui';
import { useClosureCheck, useSaveClosureCheck } from './api/closure-check';
import type { KnmChecklistRow } from './api/knm-checklist';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

const pick = (r: ClosureChecklist): ClosureChecklist => ({
  checkCloseOutForm: r.checkCloseOutForm,
  checkProjectNetwork: r.checkProjectNetwork,
  checkCase: r.checkCase,
  checkCaseAuthorization: r.checkCaseAuthorization,
  checkReferences: r.checkReferences,
  checkSignedWeeklyStatus: r.checkSignedWeeklyStatus,
  checkRecordProjectDelivery: r.checkRecordProjectDelivery,
  checkSendWarning: r.checkSendWarning,
  logoAuthorization: r.logoAuthorization,
});

/**
 * 'Edit Checklist' (spec 002 §2.10, §3): the seven checks (Not Applicable / Pending / Done), Send Warning (No /
 * Yes) and logo authorization (Yes / No); Save sends the whole record with If-Match and closes on success.
 */
export function EditChecklistDialog({ row, onClose }: { row: KnmChecklistRow; onClose: () => void }) {
  const s = useStyles();
  const q = useClosureCheck(row.idProject);
  const save = useSaveClosureCheck(row.idProject);
  const [values, setValues] = useState<ClosureChecklist | null>(null);
  // the form starts from the loaded record, and again when a 412 brings the server's record
  useEffect(() => {
    if (q.data) setValues(pick(q.data));
  }, [q.data]);
  const set = <K extends keyof ClosureChecklist>(key: K, value: ClosureChecklist[K]) =>
    setValues((v) => (v ? { ...v, [key]: value } : v));

  return (
    <ModalDialog
      title={`Edit Checklist — ${row.projectCode}`}
      width="large"
      onClose={onClose}
      primaryLabel="Save"
      primaryDisabled={!values}
      busy={save.isPending}
      onSubmit={() =>
        values &&
        save.mutateAsync(values).then(
          () => onClose(),
          () => undefined, // the toast says it; the dialog stays open with what was chosen
        )
      }
    >
      <QueryError query={q} />
      {!values && !q.error ? <Spinner label="Loading..." /> : null}
      {values ? (
        <div className={s.grid}>
          {CHECKLIST_CHECKS.map((c) => (
            <Field key={c.key} label={c.label}>
              <Select value={String(values[c.key])} onChange={(_, d) => set(c.key, Number(d.value))}>
                {CHECK_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
          <Field label="Send Warning">
            <Select
              value={String(values.checkSendWarning)}
              onChange={(_, d) => set('checkSendWarning', Number(d.value) as 0 | 1)}
            >
              {SEND_WARNING_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Logo Authorization">
            <Select
              value={values.logoAuthorization ? 'yes' : 'no'}
              onChange={(_, d) => set('logoAuthorization', d.value === 'yes')}
            >
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          </Field>
        </div>
      ) : null}
    </ModalDialog>
  );
}
