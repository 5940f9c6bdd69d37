import type { ReactElement } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowSyncRegular,
  CheckmarkCircleRegular,
  CloudOffRegular,
  EditRegular,
  ErrorCircleRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import type { SaveStatus } from './useAutosave';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    minHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground3,
  },
  failed: { color: tokens.colorStatusDangerForeground1 },
  conflict: { color: tokens.colorStatusWarningForeground1 },
  saved: { color: tokens.colorNeutralForeground3 },
});

export interface SaveStateProps {
  state: SaveStatus;
  /** A failed save is tried again by itself. */
  retrying?: boolean;
  offline?: boolean;
  className?: string;
}

/** The words SaveState shows for a state (exported for tests and for places that need the text only). */
export function saveStateText({ state, retrying, offline }: Omit<SaveStateProps, 'className'>): string {
  switch (state) {
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'failed':
      return offline ? 'Offline — saving when back online' : retrying ? 'Not saved — retrying' : 'Not saved';
    case 'conflict':
      return 'Changed by someone else';
    default:
      return '';
  }
}

const icons: Record<SaveStatus, ReactElement | null> = {
  idle: null,
  pending: <EditRegular aria-hidden />,
  saving: <ArrowSyncRegular aria-hidden />,
  saved: <CheckmarkCircleRegular aria-hidden />,
  failed: <ErrorCircleRegular aria-hidden />,
  conflict: <WarningRegular aria-hidden />,
};

/** The save state of an autosaved field or form, announced politely to screen readers. */
export function SaveState({ state, retrying, offline, className }: SaveStateProps) {
  const s = useStyles();
  const text = saveStateText({ state, retrying, offline });
  return (
    <Text
      size={200}
      aria-live="polite"
      className={mergeClasses(
        s.root,
        state === 'failed' && s.failed,
        state === 'conflict' && s.conflict,
        state === 'saved' && s.saved,
        className,
      )}
    >
      {text ? (
        <>
          {state === 'failed' && offline ? <CloudOffRegular aria-hidden /> : icons[state]}
          <span>{text}</span>
        </>
      ) : null}
    </Text>
  );
}
