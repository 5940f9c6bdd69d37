import { makeStyles, tokens } from '@fluentui/react-components';
import {
  DraftsRegular,
  SettingsRegular,
  PlayCircleRegular,
  FlagRegular,
  CheckmarkCircleRegular,
  PauseCircleRegular,
  QuestionCircleRegular,
} from '@fluentui/react-icons';
import { PROJECT_STATUS, type StatusColour } from '@domain/constants';
import { Hint } from './Hint';

const COLOURS: Record<StatusColour, string> = {
  green: tokens.colorPaletteGreenBackground3,
  yellow: tokens.colorPaletteYellowBackground3,
  red: tokens.colorPaletteRedBackground3,
  blue: tokens.colorPaletteBlueBorderActive,
  grey: tokens.colorNeutralForeground3,
};

const useStyles = makeStyles({
  dot: { display: 'inline-block', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  icon: { fontSize: '20px', display: 'inline-flex', verticalAlign: 'middle' },
  draft: { color: tokens.colorNeutralForeground3 },
  setup: { color: tokens.colorPaletteBlueForeground2 },
  during: { color: tokens.colorPaletteGreenForeground2 },
  closure: { color: tokens.colorPaletteMarigoldForeground2 },
  finished: { color: tokens.colorPaletteDarkGreenForeground2 },
  paused: { color: tokens.colorPaletteRedForeground2 },
});

/** A coloured dot with a tooltip (status colours of the spec). */
export function StatusDot({
  colour,
  label,
  size = 12,
}: {
  colour: StatusColour;
  label: string;
  size?: number;
}) {
  const s = useStyles();
  return (
    <Hint content={label} relationship="label">
      <span
        role="img"
        tabIndex={0}
        aria-label={label}
        data-colour={colour}
        className={s.dot}
        style={{ width: size, height: size, background: COLOURS[colour] }}
      />
    </Hint>
  );
}

const ICONS = {
  1: DraftsRegular,
  2: SettingsRegular,
  3: PlayCircleRegular,
  4: FlagRegular,
  5: CheckmarkCircleRegular,
  6: PauseCircleRegular,
} as const;

/** The project status icon (1 Draft … 6 Paused) with the spec's tooltips ("Project Draft" …). */
export function ProjectStatusIcon({ idStatus }: { idStatus: number }) {
  const s = useStyles();
  const Icon = ICONS[idStatus as keyof typeof ICONS] ?? QuestionCircleRegular;
  const label = PROJECT_STATUS[idStatus]?.tooltip ?? `Status ${idStatus}`;
  const cls = [s.draft, s.setup, s.during, s.closure, s.finished, s.paused][idStatus - 1] ?? s.draft;
  return (
    <Hint content={label} relationship="label">
      <span role="img" aria-label={label} tabIndex={0} className={`${s.icon} ${cls}`}>
        <Icon />
      </span>
    </Hint>
  );
}
