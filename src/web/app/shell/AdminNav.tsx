import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useSession } from '@web/api/session-context';
import { adminBar } from '../navigation';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
});

/** The admin navigation bar (spec 002 §2.2): DASHBOARD, REPORTS and the groups; one group open at a time; only the screens the user may open. */
export function AdminNav() {
  const s = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const { user } = useSession();
  // the entries of the screens this user may open (ADMIN_SCREEN_SCOPES)
  const BAR = useMemo(() => adminBar(user?.scopes ?? []), [user]);
  return (
    <nav className={s.bar} aria-label="Admin navigation">
      {BAR.buttons.map((b) => (
        <Button
          key={b.label}
          appearance={pathname === b.path ? 'primary' : 'secondary'}
          onClick={() => navigate(b.path)}
        >
          {b.label}
        </Button>
      ))}
      {BAR.groups.map((g) => (
        <Menu key={g.name} open={open === g.name} onOpenChange={(_, d) => setOpen(d.open ? g.name : null)}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance={g.items.some((i) => i.path === pathname) ? 'primary' : 'secondary'}>
              {g.name}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {g.items.map((i) => (
                <MenuItem key={i.label} onClick={() => navigate(i.path)}>
                  {i.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ))}
    </nav>
  );
}
