import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LoadingState } from '@web/ui/PageState';
import { ContactDialog } from './ContactDialog';
import { CrmActions } from './CrmActions';
import { CrmContacts } from './CrmContacts';
import { CrmFiles } from './CrmFiles';
import { CrmHeader } from './CrmHeader';
import { CrmResponsibles } from './CrmResponsibles';
import { ClassificationDialog, PrivacyDialog } from './dialogs';
import { rowKey, type CrmRow } from './model';
import { useCrmData } from './useCrmData';
import { useCrmDraft } from './useCrmDraft';
import { useCrmSave } from './useCrmSave';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * The CRM tab of Closure Internal (002 §2.6 "Stakeholder grid", §4, §5, §8): the privacy warning; the
 * responsible to fulfil, manager/director and partner selectors (candidates by job title, §6); the client
 * header with its industry; saved contacts as green tags; the portal's stakeholders not yet in the CRM in a
 * 5-row grid (edit, exclude; excluded ones as buttons that bring them back); Save / Save and Send with the
 * §8 confirmations; the local draft (1 s after a change, every 5 s, 24 hours); the CRM file and template.
 * Read-only outside the project's team (crmEdit: team or Admin).
 */
export function CrmTab({ projectId }: { projectId: number }) {
  const s = useStyles();
  const data = useCrmData(projectId);
  const draft = useCrmDraft(projectId, data);
  const save = useCrmSave(projectId, data, draft);
  const [privacyOpen, setPrivacyOpen] = useState(true);
  const [classificationOpen, setClassificationOpen] = useState(false);
  const [editing, setEditing] = useState<CrmRow | null>(null);
  const { canEdit } = data;

  if (data.isLoading) return <LoadingState />;

  return (
    <section className={s.root} aria-label="CRM">
      <PrivacyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
      <ClassificationDialog open={classificationOpen} onClose={() => setClassificationOpen(false)} />
      <CrmResponsibles data={data} draft={draft} />
      <CrmHeader data={data} draft={draft} save={save} />
      <CrmContacts data={data} draft={draft} refused={save.refused} onEdit={setEditing} />
      <CrmFiles projectId={projectId} canEdit={canEdit} />
      <CrmActions
        canEdit={canEdit}
        draft={draft}
        save={save}
        onClassificationInfo={() => setClassificationOpen(true)}
      />
      {editing ? (
        <ContactDialog
          key={rowKey(editing)}
          contact={editing}
          lookups={data.lookups}
          showAll={!!save.refused?.keys.has(rowKey(editing))}
          readOnly={!canEdit}
          onClassificationInfo={() => setClassificationOpen(true)}
          onApply={(row) => {
            draft.replace(row);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
