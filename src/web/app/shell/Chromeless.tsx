import { useEffect, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { getHost } from '@web/host';

const useStyles = makeStyles({
  main: {
    boxSizing: 'border-box',
    minHeight: '100vh',
    minWidth: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/**
 * The frame of a screen without the portal's chrome — no side menu, header or overview panel — for the Teams
 * meeting's side panel (320 px wide) and stage: the main landmark only. Like the shell, it tells the host the
 * first screen is shown.
 */
export function Chromeless({ children }: { children: ReactNode }) {
  const s = useStyles();
  const host = getHost();
  useEffect(() => host.notifyReady(), [host]);
  return (
    <main className={s.main} id="main">
      {children}
    </main>
  );
}
