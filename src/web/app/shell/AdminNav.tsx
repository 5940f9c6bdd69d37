import { useState } from 'react';
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

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
});

const GROUPS = [
  {
    name: 'SUPERVISION',
    items: [
      ['WEEKLY', '/admin/weekly-supervision'],
      ['SETUP', '/admin/setup-assessment'],
      ['ALLOCATION', '/admin/allocation-supervision'],
    ],
  },
  {
    name: 'KNM',
    items: [
      ['CATALOG', '/admin/knm-catalogs'],
      ['CHECKLIST', '/admin/knm-checklist'],
      ['REPORTS', '/admin/knm-reports'],
    ],
  },
  {
    name: 'IDONE',
    items: [
      ['DASHBOARD', '/admin/idone'],
      ['REPORTS', '/admin/idone'],
    ],
  },
] as const;

/** The admin navigation bar (spec 002 §2.2): DASHBOARD, REPORTS and the groups; one group open at a time. */
export function AdminNav() {
  const s = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <nav className={s.bar} aria-label="Admin navigation">
      <Button
        appearance={pathname === '/admin/dashboard' ? 'primary' : 'secondary'}
        onClick={() => navigate('/admin/dashboard')}
      >
        DASHBOARD
      </Button>
      <Button
        appearance={pathname === '/admin/reports' ? 'primary' : 'secondary'}
        onClick={() => navigate('/admin/reports')}
      >
        REPORTS
      </Button>
      {GROUPS.map((g) => (
        <Menu key={g.name} open={open === g.name} onOpenChange={(_, d) => setOpen(d.open ? g.name : null)}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance={g.items.some(([, to]) => to === pathname) ? 'primary' : 'secondary'}>
              {g.name}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {g.items.map(([label, to]) => (
                <MenuItem key={label} onClick={() => navigate(to)}>
                  {label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ))}
    </nav>
  );
}
