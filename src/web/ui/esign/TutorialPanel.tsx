import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { Tutorial } from './tutorials';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  player: {
    width: '100%',
    aspectRatio: '16 / 9',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  steps: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/**
 * The embedded tutorial player with its "Close tutorial" control (spec 001 §2, step 1) and the written steps
 * under it; without a configured video URL only the steps are shown.
 */
export function TutorialPanel({ tutorial, onClose }: { tutorial: Tutorial; onClose: () => void }) {
  const s = useStyles();
  return (
    <Card className={s.panel} role="region" aria-label={`Tutorial: ${tutorial.title}`}>
      <div className={s.head}>
        <Text weight="semibold">{tutorial.title}</Text>
        <Button appearance="subtle" icon={<DismissRegular />} onClick={onClose}>
          Close tutorial
        </Button>
      </div>
      {tutorial.url ? (
        <iframe
          className={s.player}
          src={tutorial.url}
          title={`Tutorial video: ${tutorial.title}`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
      <ol className={s.steps} aria-label="Tutorial steps">
        {tutorial.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}
