import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { CLOSE_OUT_LABELS, closeOutMissing } from '@domain/rules';
import type { ClosureInternal } from './api/closure-internal';

/**
 * Whether the close-out form is complete (closeOutMissing / closeOutComplete: the rule the 4→5 forward step reads,
 * 002 §4) and, when not, what is missing.
 */
export function CloseOutStatus({ record }: { record: ClosureInternal }) {
  const missing = closeOutMissing(record);
  return missing.length === 0 ? (
    <MessageBar intent="success" role="status">
      <MessageBarBody>
        <MessageBarTitle>Close-out form complete</MessageBarTitle>
        Every required field is filled and the case file is uploaded.
      </MessageBarBody>
    </MessageBar>
  ) : (
    <MessageBar intent="warning" role="status">
      <MessageBarBody>
        <MessageBarTitle>Close-out form incomplete</MessageBarTitle>
        Missing: {missing.map((k) => CLOSE_OUT_LABELS[k]).join(', ')}.
      </MessageBarBody>
    </MessageBar>
  );
}
