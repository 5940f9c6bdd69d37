import { Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TeamMember } from '@domain/contract';
import { ModalDialog } from '@web/ui';
import { useGrantOnePageAccess } from './api/grant';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0 },
  item: { listStyleType: 'none' },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * 'Who can access One-Page?' (002 §2.5, §6, §7): a switch per team member; each toggle is one PATCH
 * …/project-team/grant/{teamMemberId} flipping isOnePageAllow. The manager and partners always have access.
 */
export function GrantAccessDialog({
  projectId,
  team,
  onClose,
}: {
  projectId: number;
  team: readonly TeamMember[];
  onClose: () => void;
}) {
  const s = useStyles();
  const grant = useGrantOnePageAccess(projectId);
  const members = [...team].sort((a, b) => a.professional.name.localeCompare(b.professional.name));
  return (
    <ModalDialog title="Who can access One-Page?" onClose={onClose} closeLabel="Close">
      <Text className={s.note}>The project manager and partners can always access the One-Pages.</Text>
      <ul className={s.list} aria-label="Team members">
        {members.map((m) => {
          const lead = m.isManager || m.isPartner;
          return (
            <li key={m.id} className={s.item}>
              <Switch
                label={m.professional.name + (m.isManager ? ' (manager)' : m.isPartner ? ' (partner)' : '')}
                checked={lead || !!m.isOnePageAllow}
                disabled={lead || (grant.isPending && grant.variables === m.id)}
                onChange={() => grant.mutate(m.id)}
              />
            </li>
          );
        })}
      </ul>
    </ModalDialog>
  );
}
