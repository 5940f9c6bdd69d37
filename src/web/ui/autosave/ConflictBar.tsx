import type { ReactNode } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { Autosave, AutosaveConflict } from './useAutosave';

const useStyles = makeStyles({
  theirs: {
    marginTop: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '12em',
    overflowY: 'auto',
  },
  empty: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
});

export interface ConflictBarProps<T> {
  conflict: AutosaveConflict<T>;
  /** The field's name, as in its label. */
  label?: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  /** Shows their value (default: as text). */
  renderTheirs?: (theirs: T) => ReactNode;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A save was refused because someone else changed the record meanwhile (412): shows their value and lets
 * the person keep theirs ("Keep mine": saved again over the new version) or take the other ("Take theirs").
 */
export function ConflictBar<T>({
  conflict,
  label,
  onKeepMine,
  onTakeTheirs,
  renderTheirs,
}: ConflictBarProps<T>) {
  const s = useStyles();
  const theirs = conflict.theirs;
  return (
    <MessageBar
      intent="warning"
      layout="multiline"
      aria-label={label ? `${label}: changed by someone else` : 'Changed by someone else'}
      aria-labelledby={undefined}
    >
      <MessageBarBody>
        <MessageBarTitle>Changed by someone else</MessageBarTitle>
        {label ? `“${label}” was` : 'This was'} changed by someone else while you were editing. Your change is
        kept until you choose. Their version:
        <div className={s.theirs}>
          {isEmpty(theirs) ? (
            <span className={s.empty}>(empty)</span>
          ) : renderTheirs ? (
            renderTheirs(theirs)
          ) : (
            String(theirs)
          )}
        </div>
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="small" onClick={onTakeTheirs}>
          Take theirs
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** An autosaved field's conflict bar, shown while the field has a conflict. */
export function FieldConflict<T>({
  autosave: a,
  label,
  renderTheirs,
}: {
  autosave: Pick<Autosave<T>, 'conflict' | 'keepMine' | 'takeTheirs'>;
  label: string;
  renderTheirs?: (theirs: T) => ReactNode;
}) {
  return a.conflict ? (
    <ConflictBar
      conflict={a.conflict}
      label={label}
      renderTheirs={renderTheirs}
      onKeepMine={a.keepMine}
      onTakeTheirs={a.takeTheirs}
    />
  ) : null;
}
