import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { DASHBOARD_RECIPIENTS_NOTE } from '@domain/contract';
import { useProfessionals } from '@web/api/master';
import { ModalDialog, useNotify } from '@web/ui';
import { emailCandidates } from './access';
import {
  ACCESS_MESSAGES,
  useAddDashboardAccess,
  useDashboardAccess,
  useRemoveDashboardAccess,
} from './api/email-access';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground3 },
  add: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  picker: { flexGrow: 1, minWidth: '240px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0 },
  item: {
    listStyleType: 'none',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/**
 * Dashboard Email Access Management (002 §2.5, §7, §8 "E-mail access"): who receives the project's dashboard
 * e-mails, adding several at once (active professionals whose job title contains director, partner, diretor or
 * sócio) and removing one at a time, with the spec's messages.
 */
export function EmailAccessDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const s = useStyles();
  const notify = useNotify();
  const list = useDashboardAccess(projectId);
  const professionals = useProfessionals();
  const add = useAddDashboardAccess(projectId);
  const remove = useRemoveDashboardAccess(projectId);
  const [selected, setSelected] = useState<string[]>([]);

  const failed = list.isError || professionals.isError;
  useEffect(() => {
    if (failed) notify.error(...ACCESS_MESSAGES.loadError);
  }, [failed, notify]);

  const listed = useMemo(() => new Set((list.data ?? []).map((a) => a.idProfessional)), [list.data]);
  const candidates = useMemo(() => emailCandidates(professionals.data, listed), [professionals.data, listed]);
  const names = new Map(candidates.map((p) => [String(p.ID), p.Name]));
  const shown = selected.filter((id) => names.has(id));

  const onAdd = () => {
    if (shown.length === 0) return notify.info(...ACCESS_MESSAGES.noneSelected);
    add.mutate(shown.map(Number), { onSuccess: () => setSelected([]) });
  };

  const busy = add.isPending || remove.isPending;
  return (
    <ModalDialog title="Dashboard Email Access Management" onClose={onClose} closeLabel="Close" busy={busy}>
      <Text className={s.note}>{DASHBOARD_RECIPIENTS_NOTE}</Text>
      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{ACCESS_MESSAGES.loadError.join(' - ')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={s.add}>
        <Field label="Professionals" className={s.picker}>
          <Dropdown
            multiselect
            inlinePopup
            placeholder="Select directors or partners"
            disabled={professionals.isLoading || failed}
            selectedOptions={shown}
            value={shown.map((id) => names.get(id)).join(', ')}
            onOptionSelect={(_, d) => setSelected(d.selectedOptions)}
          >
            {candidates.map((p) => (
              <Option key={p.ID} value={String(p.ID)} text={p.Name}>
                {`${p.Name}${p.JobTitle?.Name ? ` (${p.JobTitle.Name})` : ''}`}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button
          appearance="primary"
          icon={add.isPending ? <Spinner size="tiny" /> : <AddRegular />}
          disabled={busy || failed}
          onClick={onAdd}
        >
          Add
        </Button>
      </div>
      {list.isLoading ? (
        <Spinner size="small" label="Loading..." />
      ) : (list.data ?? []).length === 0 ? (
        <Text>No one is currently receiving dashboard emails for this project.</Text>
      ) : (
        <ul className={s.list} aria-label="Receiving dashboard emails">
          {[...(list.data ?? [])]
            .sort((a, b) => a.professionalName.localeCompare(b.professionalName))
            .map((a) => (
              <li key={a.id} className={s.item}>
                <span className={s.who}>
                  <Text weight="semibold">{a.professionalName}</Text>
                  <Text size={200} className={s.email}>
                    {a.professionalEmail}
                  </Text>
                </span>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`Remove ${a.professionalName}`}
                  disabled={busy}
                  onClick={() => remove.mutate(a)}
                />
              </li>
            ))}
        </ul>
      )}
    </ModalDialog>
  );
}
