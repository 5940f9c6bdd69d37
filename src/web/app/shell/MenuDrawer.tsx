import type { ReactNode } from 'react';
import { OverlayDrawer, makeStyles } from '@fluentui/react-components';
import { MENU_EXPANDED_PX } from '@domain/constants';

const useStyles = makeStyles({
  // exactly the menu's width, the menu filling it: no strip beside it (spec 000 §2.4)
  drawer: { width: `${MENU_EXPANDED_PX}px`, maxWidth: '100vw', padding: 0 },
});

/** The side menu on a phone: a slide-in drawer from the start edge with an overlay. */
export function MenuDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const s = useStyles();
  return (
    <OverlayDrawer
      open={open}
      onOpenChange={(_, d) => onOpenChange(d.open)}
      position="start"
      aria-label="Main menu"
      className={s.drawer}
    >
      {children}
    </OverlayDrawer>
  );
}
