import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleRegular } from '@fluentui/react-icons';
import { PRESENCE_TYPES } from '@domain/constants';
import type { FormField, FormOption } from '@web/ui';
import { GridPage, FormDialog } from '@web/ui';
import { professionalColumn, professionalName } from '@web/ui/DataGrid';
import { useNotifyingMutation } from '@web/ui/mutation';
import { useSetupAccess } from '@web/api/setup-access';
import {
  useSetupFinalizationMutations,
  useSetupFinalizations,
  type SetupFinalizationRecord,
} from './api/setup-finalizations';

const useStyles = makeStyles({
  mark: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  yes: { color: tokens.colorPaletteGreenForeground1 },
  no: { color: tokens.colorNeutralForeground3 },
  presence: { minWidth: '160px' },
});

type PresenceType = (typeof PRESENCE_TYPES)[number];
const PRESENCE_OPTIONS: FormOption[] = PRESENCE_TYPES.map((p) => ({ value: p, label: p }));

/** The read-only assessment mark: a check and "Yes" when the professional's assessment has a rating, else "No". */
function AssessmentMark({ has }: { has: boolean }) {
  const s = useStyles();
  return (
    <span className={s.mark}>
      {has ? (
        <CheckmarkCircleFilled aria-hidden className={s.yes} />
      ) : (
        <DismissCircleRegular aria-hidden className={s.no} />
      )}
      <Text>{has ? 'Yes' : 'No'}</Text>
    </span>
  );
}

interface NewRow {
  idProfessional: number | null;
  presenceType: PresenceType | null;
}

/**
 * Setup Finalization `/project/{id}/setup/finalization` (spec 001 §2, §3, §6, §9): the professionals with
 * their presence type (Physical, Call, VC, Not Present — a dropdown that saves at once for those who may edit
 * setup pages) and the read-only assessment mark; add (a team member) and delete for the same people.
 */
export default function SetupFinalizationPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const rows = useSetupFinalizations(projectId);
  const m = useSetupFinalizationMutations(projectId);
  const [adding, setAdding] = useState(false);

  const addFields: FormField<NewRow>[] = [
    {
      key: 'idProfessional',
      label: 'Professional',
      type: 'select',
      options: access.teamOptions,
      required: true,
    },
    { key: 'presenceType', label: 'Presence Type', type: 'select', options: PRESENCE_OPTIONS },
  ];

  // §8: "Saved" / "Something went wrong"
  const change = useNotifyingMutation({
    mutationFn: ({ row, presenceType }: { row: SetupFinalizationRecord; presenceType: PresenceType }) =>
      m.update.mutateAsync({ id: row.id, version: row.version, body: { presenceType } }),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const add = useNotifyingMutation({
    mutationFn: (v: NewRow) =>
      m.add.mutateAsync({ idProfessional: Number(v.idProfessional), presenceType: v.presenceType ?? null }),
    success: 'Saved',
    error: false, // shown in the dialog, which stays open with the values
  });
  const remove = useNotifyingMutation({
    mutationFn: (row: SetupFinalizationRecord) => m.remove.mutateAsync(row),
    error: 'Something went wrong',
  });

  const savingId = change.isPending ? change.variables?.row.id : undefined;

  return (
    <GridPage<SetupFinalizationRecord>
      banner="SETUP"
      title="Setup Finalization"
      query={rows}
      loading={access.isLoading}
      ariaLabel="Setup Finalization"
      search
      pageSize={10}
      emptyText="No professionals yet"
      readOnly={!access.canEdit}
      addLabel="Add"
      onAdd={access.canEdit ? () => setAdding(true) : undefined}
      onDelete={
        access.canEdit
          ? async (row) => {
              await remove.mutateAsync(row).catch(() => undefined);
            }
          : undefined
      }
      deleteConfirmText="Are you sure you want to remove this professional from the setup finalization?"
      columns={[
        professionalColumn<SetupFinalizationRecord>(),
        {
          key: 'presenceType',
          title: 'Presence Type',
          value: (r) => r.presenceType ?? '',
          stopRowClick: true,
          render: (r) =>
            access.canEdit ? (
              <Dropdown
                className={s.presence}
                aria-label={`Presence type of ${professionalName(r)}`}
                placeholder="Select"
                value={r.presenceType ?? ''}
                selectedOptions={r.presenceType ? [r.presenceType] : []}
                disabled={savingId === r.id}
                onOptionSelect={(_, d) => {
                  const next = d.optionValue as PresenceType | undefined;
                  if (next && next !== r.presenceType) change.mutate({ row: r, presenceType: next });
                }}
              >
                {PRESENCE_TYPES.map((p) => (
                  <Option key={p} value={p}>
                    {p}
                  </Option>
                ))}
              </Dropdown>
            ) : (
              <Text>{r.presenceType ?? ''}</Text>
            ),
        },
        {
          key: 'hasAssessment',
          title: 'Assessment',
          value: (r) => (r.hasAssessment ? 'Yes' : 'No'),
          render: (r) => <AssessmentMark has={r.hasAssessment} />,
        },
      ]}
    >
      {adding ? (
        <FormDialog<NewRow>
          title="Setup Finalization"
          fields={addFields}
          initial={{ idProfessional: null, presenceType: null }}
          onCancel={() => setAdding(false)}
          onSave={async (v) => {
            await add.mutateAsync(v);
            setAdding(false);
          }}
        />
      ) : null}
    </GridPage>
  );
}
