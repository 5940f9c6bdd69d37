import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Avatar, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  AlertRegular,
  HomeRegular,
  BoxMultipleRegular,
  SettingsRegular,
  PlayCircleRegular,
  FlagRegular,
  ShieldKeyholeRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import type { SessionUser } from '@domain/contract';
import { MENU_COLLAPSED_PX, MENU_EXPANDED_PX } from '@domain/constants';
import { usePhoto } from '@web/ui/PersonAvatar';
import { hasAnyScope } from '@domain/rules/access';
import { buildPath, menuOf, nav, paths, projectMenu, type GroupNode, type PageNode } from '../navigation';
import { Hint } from '@web/ui/Hint';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box', // 80 / 240 px including the border
    overflowX: 'hidden',
    overflowY: 'auto',
  },
  rail: {
    position: 'fixed',
    top: 0,
    left: 0,
    bottom: 0,
    zIndex: 20,
    width: `${MENU_COLLAPSED_PX}px`,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    // collapsed: icons only — labels, chevrons, the open group's entries and the user's name are hidden
    // (not clipped) until the menu expands on hover or keyboard focus (spec 000 §2.4)
    '& [data-label]': { display: 'none' },
    ':hover': { width: `${MENU_EXPANDED_PX}px`, boxShadow: tokens.shadow16 },
    ':focus-within': { width: `${MENU_EXPANDED_PX}px`, boxShadow: tokens.shadow16 },
  },
  railOpen: {
    ':hover [data-label]': { display: 'revert' },
    ':focus-within [data-label]': { display: 'revert' },
  },
  drawer: { width: '100%' },
  brand: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    whiteSpace: 'nowrap',
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '40px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    paddingLeft: '28px',
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    border: 'none',
    background: 'none',
    width: '100%',
    cursor: 'pointer',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: `inset 4px 0 0 ${tokens.colorBrandBackground}`,
  },
  icon: { fontSize: '22px', flexShrink: 0, display: 'inline-flex' },
  sub: { paddingLeft: '64px', minHeight: '32px', fontSize: tokens.fontSizeBase200 },
  spacer: { flexGrow: 1 },
  user: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    paddingLeft: '22px',
    whiteSpace: 'nowrap',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

type Group = GroupNode<Record<string, PageNode>>['id'];
const GROUP_ICONS: Record<Group, ReactNode> = {
  setup: <SettingsRegular />,
  during: <PlayCircleRegular />,
  closure: <FlagRegular />,
  admin: <ShieldKeyholeRegular />,
};

const groupOf = (path: string): Group | undefined => {
  if (path.startsWith('/admin')) return 'admin';
  const m = /^\/project\/[^/]+\/(setup|during|closure)\//i.exec(path);
  return m ? (m[1]!.toLowerCase() as Group) : undefined;
};

/**
 * The left side menu (spec 000 §2.4): collapsed to icons (80 px), expands on hover (240 px); Project Home
 * inside a project; groups Setup / During / Closure (inside a project) and Admin (holders of Admin,
 * IDOne, KNW or PDC); the group of the current path open; user photo, name and logout at the bottom.
 * In a Teams channel tab pinned to a project there is no way out of it (no Projects, no Admin); Teams
 * keeps the user signed in, so there is no logout there either.
 */
export function SideMenu({
  user,
  projectId,
  showAdmin,
  showProjects = true,
  onSignOut,
  onNavigate,
  variant = 'rail',
}: {
  user: SessionUser;
  projectId?: string;
  showAdmin: boolean;
  showProjects?: boolean;
  onSignOut?: () => void;
  onNavigate?: () => void;
  variant?: 'rail' | 'drawer';
}) {
  const s = useStyles();
  const { pathname } = useLocation();
  const current = groupOf(pathname);
  const [open, setOpen] = useState<Group | undefined>(current);
  useEffect(() => setOpen(current), [current]);
  const photo = usePhoto({ name: user.userName, login: user.login, email: user.email });

  const link = (to: string, label: string, icon: ReactNode, sub = false, end = true) => (
    <li key={to} data-label={sub ? '' : undefined}>
      <NavLink
        to={to}
        end={end}
        aria-label={label}
        onClick={onNavigate}
        className={({ isActive }) => mergeClasses(s.item, sub && s.sub, isActive && s.active)}
      >
        {icon ? <span className={s.icon}>{icon}</span> : null}
        <span data-label="">{label}</span>
      </NavLink>
    </li>
  );
  const group = (node: GroupNode<Record<string, PageNode>>, icon: ReactNode, id?: number | string) => {
    const g = node.id;
    const label = node.label;
    const items = menuOf(node)
      .filter((p) => !p.scopes || hasAnyScope(user, p.scopes))
      .map((p) => [p.label ?? p.title, buildPath(p.path, id === undefined ? {} : { id })] as const);
    const expanded = open === g;
    const listId = `menu-group-${g}`;
    return (
      <li key={g}>
        <button
          type="button"
          className={s.item}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={label}
          onClick={() => setOpen(expanded ? undefined : g)}
        >
          <span className={s.icon}>{icon}</span>
          <span className={s.spacer} style={{ textAlign: 'left' }} data-label="">
            {label}
          </span>
          <span data-label="">{expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}</span>
        </button>
        {expanded ? (
          <ul id={listId} className={s.list} aria-label={label}>
            {items.map(([l, to]) => link(to, l, null, true))}
          </ul>
        ) : null}
      </li>
    );
  };
  const rail = variant === 'rail';
  return (
    <nav className={mergeClasses(s.nav, rail ? s.rail : s.drawer, rail && s.railOpen)} aria-label="Main menu">
      <div className={s.brand} aria-hidden="true">
        PP
      </div>
      <ul className={s.list}>
        {showProjects ? link(paths.projects(), nav.projects.title, <BoxMultipleRegular />) : null}
        {projectId ? link(paths.project.home(projectId), nav.project.home.title, <HomeRegular />) : null}
        {projectId ? projectMenu.map((g) => group(g, GROUP_ICONS[g.id], projectId)) : null}
        {showAdmin ? group(nav.admin, <ShieldKeyholeRegular />) : null}
      </ul>
      <span className={s.spacer} />
      {showProjects ? (
        <ul className={s.list} aria-label="Your settings">
          {link(paths.notifications(), nav.notifications.title, <AlertRegular />)}
        </ul>
      ) : null}
      <div className={s.user}>
        <Avatar
          name={user.userName}
          image={photo ? { src: photo, alt: '' } : undefined}
          size={32}
          color="colorful"
          aria-hidden="true"
        />
        <Text truncate wrap={false} weight="semibold" style={{ flexGrow: 1, minWidth: 0 }} data-label="">
          {user.userName}
        </Text>
        {onSignOut ? (
          <span data-label="">
            <Hint content="Sign out" relationship="label">
              <Button appearance="subtle" icon={<SignOutRegular />} onClick={onSignOut} />
            </Hint>
          </span>
        ) : null}
      </div>
    </nav>
  );
}
