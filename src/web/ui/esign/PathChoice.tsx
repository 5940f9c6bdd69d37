import { useState } from 'react';
import { Button, Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, PlayCircleRegular } from '@fluentui/react-icons';
import type { SignedTypeValue } from '@domain/rules';
import { TutorialPanel } from './TutorialPanel';
import type { Tutorial } from './tutorials';

export interface WizardPath {
  signedType: SignedTypeValue;
  /** The label of WEEKLY_STATUS_PATHS / LEGAL_DOCUMENT_PATHS. */
  label: string;
  tutorial: Tutorial;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chosen: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  choose: { justifyContent: 'flex-start', textAlign: 'start', minHeight: '56px' },
  extra: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * Step 1 of the signature wizard: one card per path with its PLAY TUTORIAL (spec 001 §2 step 1; spec 002 §2.4).
 * `extraTutorials` adds tutorials not tied to a path (the weekly status' file creation tutorial).
 */
export function PathChoice({
  paths,
  value,
  disabled,
  onChoose,
  extraTutorials = [],
}: {
  paths: readonly WizardPath[];
  value: number | null | undefined;
  disabled?: boolean;
  onChoose: (signedType: SignedTypeValue) => void;
  extraTutorials?: readonly { label: string; tutorial: Tutorial }[];
}) {
  const s = useStyles();
  const [open, setOpen] = useState<Tutorial | null>(null);
  return (
    <div className={s.root}>
      <div className={s.cards} role="group" aria-label="Choose how to send the document">
        {paths.map((p) => {
          const chosen = value === p.signedType;
          return (
            <Card key={p.signedType} className={mergeClasses(s.card, chosen && s.chosen)}>
              <Button
                className={s.choose}
                appearance={chosen ? 'primary' : 'secondary'}
                icon={chosen ? <CheckmarkCircleFilled /> : undefined}
                aria-pressed={chosen}
                disabled={disabled}
                onClick={() => onChoose(p.signedType)}
              >
                {p.label}
              </Button>
              <Button
                appearance="transparent"
                icon={<PlayCircleRegular />}
                aria-label={`PLAY TUTORIAL: ${p.label}`}
                onClick={() => setOpen(p.tutorial)}
              >
                PLAY TUTORIAL
              </Button>
            </Card>
          );
        })}
      </div>
      {extraTutorials.length > 0 ? (
        <div className={s.extra}>
          {extraTutorials.map((t) => (
            <Button key={t.tutorial.key} icon={<PlayCircleRegular />} onClick={() => setOpen(t.tutorial)}>
              {t.label}
            </Button>
          ))}
        </div>
      ) : null}
      {open ? <TutorialPanel tutorial={open} onClose={() => setOpen(null)} /> : null}
      {disabled ? (
        <Text size={200}>The document was sent or signed: the path can no longer be changed.</Text>
      ) : null}
    </div>
  );
}
