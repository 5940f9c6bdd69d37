import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LinkRegular, NavigationRegular } from '@fluentui/react-icons';
import type { SessionUser } from '@domain/contract';
import { CONTENT_MAX_WIDTH_PX, MENU_COLLAPSED_PX } from '@domain/constants';
import { canSeeAdmin } from '@domain/rules/access';
import { useIsMobile } from '@web/ui/useIsMobile';
import { useNotify } from '@web/ui/toast';
import { getHost } from '@web/host';
import { copyText } from './copy';
import { nav } from '../navigation';
import { useProject } from '@web/api/project';
import { useProjects } from '@web/api/projects';
import { SideMenu } from './SideMenu';
import { Hint } from '@web/ui/Hint';

// loaded where they show: inside a project, on a phone, in the admin area (the project list needs none)
const loadOverviewPanel = () => import('@web/features/projects/overview/OverviewPanel');
const OverviewPanel = lazy(() => loadOverviewPanel().then((m) => ({ default: m.OverviewPanel })));

/**
 * Once the project list has shown its rows and the page is idle, the code of a project page (its home and the
 * overview panel) loads ahead: a click on a row then waits for the project's data only.
 */
function usePreloadProjectCode(enabled: boolean) {
  // observes the list's cache entry without fetching it (the list page does)
  const listShown = useProjects({ enabled: false }).data !== undefined;
  useEffect(() => {
    if (!enabled || !listShown) return;
    const load = () => {
      void loadOverviewPanel().catch(() => undefined);
      void nav.project.home.load().catch(() => undefined);
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 3000 });
    const timer = idle === undefined ? window.setTimeout(load, 1500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [enabled, listShown]);
}
const MobileOverview = lazy(() =>
  import('@web/features/projects/overview/MobileOverview').then((m) => ({ default: m.MobileOverview })),
);
const AdminNav = lazy(() => import('./AdminNav').then((m) => ({ default: m.AdminNav })));
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh' },
  main: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  withRail: { marginLeft: `${MENU_COLLAPSED_PX}px` },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minHeight: '56px',
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  content: { flexGrow: 1, minWidth: 0, padding: tokens.spacingHorizontalXL },
  inner: { maxWidth: `${CONTENT_MAX_WIDTH_PX}px`, margin: '0 auto' },
  headText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
});

/** Copies the link that opens the current page inside the Teams app (the portal URL where Teams cannot). */
function CopyLinkButton() {
  const { pathname } = useLocation();
  const notify = useNotify();
  return (
    <Hint content="Copy a link to this page" relationship="label">
      <Button
        appearance="subtle"
        icon={<LinkRegular />}
        onClick={async () => {
          const ok = await copyText(getHost().deepLink(pathname));
          if (ok) notify.success('Link copied');
          else notify.error('Could not copy the link');
        }}
      />
    </Hint>
  );
}

/** The header by path (spec 002 §2.3): welcome outside projects, project name and code inside. */
function Header({
  user,
  projectId,
  onMenu,
  mobile,
}: {
  user: SessionUser;
  projectId?: string;
  onMenu: () => void;
  mobile: boolean;
}) {
  const s = useStyles();
  const { data: project } = useProject(Number(projectId));
  const overview =
    projectId && mobile ? (
      <Suspense fallback={null}>
        <MobileOverview project={project} />
      </Suspense>
    ) : null;
  return (
    <header className={s.header}>
      {mobile ? (
        <Button appearance="subtle" icon={<NavigationRegular />} aria-label="Open menu" onClick={onMenu} />
      ) : null}
      <div className={s.headText}>
        {projectId ? (
          <>
            <Text size={500} weight="semibold" truncate wrap={false}>
              {project?.name ?? ' '}
            </Text>
            <Text size={200}>{project?.code ?? ''}</Text>
          </>
        ) : (
          <Text size={500}>
            Welcome to the Project Portal, <strong>{user.userName}</strong>
          </Text>
        )}
      </div>
      <span style={{ flexGrow: 1 }} />
      {projectId ? <CopyLinkButton /> : null}
      {overview}
    </header>
  );
}

/** The application frame: side menu, header, content (max 1400 px) and, in a project, the overview panel. */
export function Shell({
  user,
  onSignOut,
  children,
}: {
  user: SessionUser;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const s = useStyles();
  const mobile = useIsMobile();
  const [drawer, setDrawer] = useState(false);
  const { id: projectId } = useParams();
  const { pathname } = useLocation();
  const host = getHost();
  // a Teams channel tab pinned to a project shows that project only
  const pinned = host.scopedProjectId !== undefined;
  const showAdmin = canSeeAdmin(user) && !pinned;
  const { data: project } = useProject(Number(projectId));
  useEffect(() => host.notifyReady(), [host]);
  usePreloadProjectCode(!projectId && !mobile);
  const menu = (variant: 'rail' | 'drawer') => (
    <SideMenu
      user={user}
      projectId={projectId}
      showAdmin={showAdmin}
      showProjects={!pinned}
      onSignOut={host.kind === 'teams' ? undefined : onSignOut}
      variant={variant}
      onNavigate={() => setDrawer(false)}
    />
  );
  return (
    <div className={s.root}>
      {mobile ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawer} onOpenChange={setDrawer}>
            {menu('drawer')}
          </MenuDrawer>
        </Suspense>
      ) : (
        menu('rail')
      )}
      <div className={mobile ? s.main : `${s.main} ${s.withRail}`}>
        <Header user={user} projectId={projectId} onMenu={() => setDrawer(true)} mobile={mobile} />
        <div className={s.body}>
          <main className={s.content} id="main">
            <div className={s.inner}>
              {pathname.startsWith('/admin') ? (
                <Suspense fallback={null}>
                  <AdminNav />
                </Suspense>
              ) : null}
              {children}
            </div>
          </main>
          {projectId && !mobile ? (
            <Suspense fallback={null}>
              <OverviewPanel projectId={Number(projectId)} project={project} user={user} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </div>
  );
}
