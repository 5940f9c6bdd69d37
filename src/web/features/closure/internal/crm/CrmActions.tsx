import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { CRM_CONFIRM_MODAL_WIDTH_PX } from '@domain/constants';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { ModalDialog } from '@web/ui/dialog';
import { useNotify } from '@web/ui/toast';
import type { CrmDraftState } from './useCrmDraft';
import type { CrmSaveState } from './useCrmSave';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** 002 §8: the save confirmation's texts. */
export const CONFIRM_TEXTS = {
  send: "Are you sure you want to save the CRM information? This will send an email to this project's director and/or partner requesting their review.",
  noRecipient: 'No email will be sent (no director/partner selected)',
  save: 'Are you sure you want to save the CRM information?',
  noEmail: 'No email will be sent.',
  clearDraft: 'Are you sure you want to clear all locally saved data?',
};

/**
 * The tab's actions (002 §2.6, §8): Save and Send, Save and Clear Draft for the team, each confirmed first;
 * Classification Info for everyone.
 */
export function CrmActions({
  canEdit,
  draft,
  save,
  onClassificationInfo,
}: {
  canEdit: boolean;
  draft: CrmDraftState;
  save: CrmSaveState;
  onClassificationInfo: () => void;
}) {
  const s = useStyles();
  const notify = useNotify();
  const [clearing, setClearing] = useState(false);
  const idle = draft.contacts !== null && !save.saving;
  const { confirm } = save;

  const onClearDraft = () => {
    draft.clear();
    save.clearRefusal();
    setClearing(false);
    notify.success('Draft cleared successfully!');
  };

  return (
    <>
      <div className={s.actions}>
        {canEdit ? (
          <>
            <Button appearance="primary" disabled={!idle} onClick={() => save.start('send')}>
              Save and Send
            </Button>
            <Button disabled={!idle} onClick={() => save.start('save')}>
              Save
            </Button>
            <Button appearance="subtle" onClick={() => setClearing(true)}>
              Clear Draft
            </Button>
          </>
        ) : null}
        <Button appearance="subtle" icon={<InfoRegular />} onClick={onClassificationInfo}>
          Classification Info
        </Button>
      </div>

      <ModalDialog
        open={confirm !== null}
        title={confirm === 'send' ? 'Save and Send' : 'Save'}
        width={CRM_CONFIRM_MODAL_WIDTH_PX}
        busy={save.saving}
        primaryLabel={confirm === 'send' ? 'Yes, Save and Send Email' : 'Save'}
        onPrimary={() => save.save(confirm === 'send')}
        onClose={save.cancel}
      >
        {confirm === 'send' ? (
          <>
            <Text>{CONFIRM_TEXTS.send}</Text>
            {save.recipient ? (
              <ul aria-label="Recipients">
                <li>{save.recipient}</li>
              </ul>
            ) : (
              <Text weight="semibold">{CONFIRM_TEXTS.noRecipient}</Text>
            )}
          </>
        ) : (
          <>
            <Text>{CONFIRM_TEXTS.save}</Text>
            <Text weight="semibold">{CONFIRM_TEXTS.noEmail}</Text>
          </>
        )}
      </ModalDialog>

      <ConfirmDialog
        open={clearing}
        title="Clear Draft"
        confirmLabel="Clear Draft"
        onConfirm={onClearDraft}
        onCancel={() => setClearing(false)}
      >
        <Text>{CONFIRM_TEXTS.clearDraft}</Text>
      </ConfirmDialog>
    </>
  );
}
