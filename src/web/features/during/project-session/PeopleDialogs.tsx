import { ModalDialog } from '@web/ui/dialog';
import { RolesGrid, StakeholdersGrid, type TeamPerson } from '@web/ui/session-records';
import { useIsMobile } from '@web/ui/useIsMobile';

interface Props {
  projectId: number;
  sessionId: number;
  /** Add, edit and delete shown (not once the session is submitted, 001 §4). */
  canEdit: boolean;
  team: readonly TeamPerson[];
  onClose: () => void;
}

/**
 * The Stakeholder dialog of a project session (001 §2): name, responsible professional, position, birthday,
 * language, status (dot Green, Yellow, Red, Blue or Legacy), action plan; 8 per page; popup form. On a narrow
 * screen (a phone, the Teams meeting's side panel) the rows stack.
 */
export function StakeholderDialog({ onClose, ...grid }: Props) {
  const narrow = useIsMobile();
  return (
    <ModalDialog title="Stakeholder" width="large" closeLabel="Close" onClose={onClose}>
      <StakeholdersGrid {...grid} stacked={narrow} />
    </ModalDialog>
  );
}

/**
 * The Roles and Responsibilities dialog of a project session (001 §2): professional, support point,
 * technical role, non-technical role; 8 per page; popup editing. On a narrow screen the rows stack.
 */
export function RolesDialog({ onClose, ...grid }: Props) {
  const narrow = useIsMobile();
  return (
    <ModalDialog title="Roles & Responsibilities" width="large" closeLabel="Close" onClose={onClose}>
      <RolesGrid {...grid} stacked={narrow} />
    </ModalDialog>
  );
}
