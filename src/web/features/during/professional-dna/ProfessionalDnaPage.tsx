import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { canEditDnaSessions, dnaSessionDatesRefusal } from '@domain/rules';
import type { FormField } from '@web/ui';
import { GridPage, formatDate, useGridWrites } from '@web/ui';
import { useSetupAccess } from '@web/api/setup-access';
import { useDnaSessionMutations, useDnaSessions, type DnaSession } from './api/dna-sessions';
import { DnaEntriesDialog } from './DnaEntriesDialog';

const FIELDS: FormField<DnaSession>[] = [
  { key: 'sessionDate', label: 'Session Date', type: 'date', required: true },
  { key: 'sessionNextDate', label: 'Next Session Date', type: 'date' },
];
const day = (v: string | null | undefined) => formatDate(v, 'dd MMM yyyy');

/**
 * Professional DNA (During) `/project/{id}/during/professional-dna` (also spelled professional-DNA; spec 001
 * §2, §3, §7): a grid of the project's DNA sessions — Session Date, Next Session Date (dd MMM yyyy) and a DNA
 * button opening the "Professional DNAs" dialog of the session's entries. Add, edit (popup with the two dates)
 * and delete for those who may (rules/dna.ts: the team, Admin and OnePage holders, not in Draft or Finished);
 * read-only for everyone else. Toasts "Saved" / "Something went wrong" (001 §8).
 */
export default function ProfessionalDnaPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const sessions = useDnaSessions(projectId);
  const m = useDnaSessionMutations(projectId);
  const [open, setOpen] = useState<DnaSession | null>(null);

  const canEdit =
    !!access.project &&
    !!access.user &&
    canEditDnaSessions(access.user, access.team, access.project.idStatus);
  const writes = useGridWrites<DnaSession>({
    canEdit,
    title: 'Professional DNA session',
    fields: FIELDS,
    save: (values, original) => {
      const body = { sessionDate: values.sessionDate!, sessionNextDate: values.sessionNextDate ?? null };
      // the rule the server enforces too: shown in the dialog, nothing typed is lost
      const refusal = dnaSessionDatesRefusal(body.sessionDate, body.sessionNextDate);
      if (refusal) return Promise.reject(new Error(refusal));
      return original
        ? m.update.mutateAsync({ id: original.id, version: original.version, body })
        : m.add.mutateAsync(body);
    },
    remove: (row) => m.remove.mutateAsync(row),
  });

  return (
    <GridPage<DnaSession>
      banner="DURING"
      title="Professional DNA"
      query={sessions}
      loading={access.isLoading}
      ariaLabel="Professional DNA sessions"
      defaultSort={{ key: 'sessionDate', direction: 'desc' }}
      emptyText="No professional DNA sessions yet"
      {...writes}
      deleteConfirmText="Are you sure you want to delete this DNA session? Its professional DNAs are deleted with it."
      rowActions={(row) => (
        <Button size="small" onClick={() => setOpen(row)}>
          DNA
        </Button>
      )}
      columns={[
        {
          key: 'sessionDate',
          title: 'Session Date',
          value: (r) => day(r.sessionDate),
          sortValue: (r) => r.sessionDate ?? '',
        },
        {
          key: 'sessionNextDate',
          title: 'Next Session Date',
          value: (r) => day(r.sessionNextDate),
          sortValue: (r) => r.sessionNextDate ?? '',
        },
      ]}
    >
      {open ? (
        <DnaEntriesDialog
          projectId={projectId}
          session={open}
          team={access.teamOptions}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </GridPage>
  );
}
