import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ModalDialog, useRecordVersion, type SaveContext } from '@web/ui';
import type { ClosureInternal } from './api/closure-internal';
import { usePatchClosureInternalForm, type FormPatchBody } from './api/closure-internal-form';
import { CloseOutFieldsTab } from './CloseOutFieldsTab';
import { CloseOutStatus } from './CloseOutStatus';
import { ReferencesTab } from './ReferencesTab';
import { SustainabilityTab } from './SustainabilityTab';
import type { Choice, FormCtx } from './fields';
import { Tabs } from '@web/ui/Tabs';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  panel: { paddingTop: tokens.spacingVerticalS },
});

/** The three sub-tabs and their numbers (002 §2.6: Close-out 1, References 3, Sustainability 4). */
const SUB_TABS = [
  ['1', 'Close-out'],
  ['3', 'References'],
  ['4', 'Sustainability'],
] as const;
type SubTab = (typeof SUB_TABS)[number][0];

/**
 * 'Open form' (002 §2.6): the close-out form in a modal with three sub-tabs. Its fields share the record's version
 * (one save at a time, each answer's version the next If-Match); read-only for people outside the team.
 */
export function CloseOutDialog({
  projectId,
  projectName,
  record,
  people,
  readOnly,
  onClose,
}: {
  projectId: number;
  projectName: string;
  record: ClosureInternal;
  people: readonly Choice[];
  readOnly: boolean;
  onClose: () => void;
}) {
  const s = useStyles();
  const [tab, setTab] = useState<SubTab>('1');
  const version = useRecordVersion(record.version);
  const { mutateAsync } = usePatchClosureInternalForm(projectId);
  const ctx: FormCtx = {
    version,
    readOnly,
    save: (body: FormPatchBody, c: SaveContext) => mutateAsync({ body, ...c }),
  };
  return (
    <ModalDialog title="Close-out form" width="large" closeLabel="Close" onClose={onClose}>
      <div className={s.body}>
        <CloseOutStatus record={record} />
        <Tabs
          label="Close-out form"
          tabs={SUB_TABS}
          selected={tab}
          onSelect={setTab}
          panelClassName={s.panel}
        >
          {tab === '1' ? (
            <CloseOutFieldsTab
              projectId={projectId}
              projectName={projectName}
              record={record}
              people={people}
              ctx={ctx}
            />
          ) : null}
          {tab === '3' ? <ReferencesTab record={record} people={people} ctx={ctx} /> : null}
          {tab === '4' ? <SustainabilityTab record={record} ctx={ctx} /> : null}
        </Tabs>
      </div>
    </ModalDialog>
  );
}
