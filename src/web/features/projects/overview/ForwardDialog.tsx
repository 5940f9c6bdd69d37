import { Text } from '@fluentui/react-components';
import { PROJECT_STATUS } from '@domain/constants';
import {
  checkForward,
  nextStatus,
  STATUS_CHANGED_MESSAGE,
  STATUS_CHANGE_FAILED_MESSAGE,
} from '@domain/rules';
import { missingAssessmentsMessage } from '@domain/rules/messages';
import { ConfirmDialog } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
import { useChangeStatus } from '../api/lifecycle';

/**
 * Forward-to (spec 000 §4.2): one step; 3→4 blocked while assessments are missing (confirm disabled);
 * closing warns that Knowledge Management will be e-mailed. The close-out alert is raised by the caller
 * before this opens. Success and failure are toasted; the dialog closes either way (§8).
 */
export function ForwardDialog({
  project,
  onClose,
}: {
  project: { id: number; idStatus: number; missingAssessmentNames: string };
  onClose: () => void;
}) {
  const change = useChangeStatus();
  const forward = useNotifyingMutation({
    mutationFn: (v: { id: number; idStatus: number }) => change.mutateAsync(v),
    success: STATUS_CHANGED_MESSAGE,
    error: STATUS_CHANGE_FAILED_MESSAGE,
    onSettled: onClose,
  });
  const to = nextStatus(project.idStatus);
  if (to === null) return null;
  const check = checkForward({
    from: project.idStatus,
    to,
    missingAssessmentNames: project.missingAssessmentNames,
  });
  const blocked = !check.ok && check.reason === 'missing-assessments';
  return (
    <ConfirmDialog
      open
      title={`Forward to ${PROJECT_STATUS[to]!.name}`}
      busy={forward.isPending}
      confirmDisabled={blocked}
      onCancel={onClose}
      onConfirm={() => forward.mutate({ id: project.id, idStatus: to })}
    >
      {blocked ? (
        <Text role="alert">{missingAssessmentsMessage(project.missingAssessmentNames)}</Text>
      ) : (
        <Text>
          Move this project from {PROJECT_STATUS[project.idStatus]!.name} to {PROJECT_STATUS[to]!.name}?
          {to === 5 ? ' Knowledge Management will receive an e-mail asking to close the project.' : ''}
        </Text>
      )}
    </ConfirmDialog>
  );
}
