import { Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@domain/contract';
import { PRODUCT_NAME } from '@domain/constants';
import { hasAnyScope } from '@domain/rules/access';
import { setUnauthorizedHandler } from '@web/api/client';
import { useSession } from '@web/api/session-context';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from '@web/api/return-to';
import { getHost } from '@web/host';
import { LoadingState } from '@web/ui/PageState';
import { paths, routeTable, surfacePath, type PageNode } from './navigation';
import { preloadRoute } from './preload';
import { Chromeless } from './shell/Chromeless';
import { Shell } from './shell/Shell';

const useStyles = makeStyles({
  message: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
  },
});

/** Sets `<Page> | Project Portal`. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

function NoAccess() {
  const s = useStyles();
  return (
    <div className={s.message} role="alert">
      <Text as="h1" size={600} weight="semibold">
        You do not have access to this page
      </Text>
      <Text>This area is for holders of the Admin, IDOne, KNW or PDC scope.</Text>
      <Link to={paths.projects()}>Go to the project list</Link>
    </div>
  );
}

export function NotFoundPage() {
  const s = useStyles();
  usePageTitle('Page not found');
  return (
    <div className={s.message}>
      <Text as="h1" size={600} weight="semibold">
        Page not found
      </Text>
      <Text>There is no page at this address.</Text>
      <Link to={paths.projects()}>Go to the project list</Link>
    </div>
  );
}

/** Sends a signed-out visitor to sign-in, remembering where they were going. */
function ToSignIn() {
  const { pathname, search } = useLocation();
  rememberReturnTo(pathname + search);
  return <Navigate to={paths.signIn()} replace />;
}

// one component per screen, chosen once: the screen itself when its code has already arrived (the entry
// preloads the first screen's), else a lazy one
const screens = new Map<PageNode, ComponentType>();
const screenOf = (page: PageNode) => {
  let Screen = screens.get(page);
  if (!Screen) screens.set(page, (Screen = page.loaded ?? lazy(page.load)));
  return Screen;
};

/**
 * Private / public-only / scoped route with its title, inside the shell unless bare or chromeless. In a Teams
 * channel tab pinned to a project, every other path leads to that project's home; a meeting's side panel and
 * stage show their screen of that project (`surfacePath`).
 */
export function RouteElement({ page: def }: { page: PageNode }) {
  const { user } = useSession();
  const Screen = screenOf(def);
  const page = (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
  if (def.public) return <Titled title={def.title}>{page}</Titled>;
  if (def.publicOnly)
    return user ? (
      <Navigate to={peekReturnTo() ?? paths.projects()} replace />
    ) : (
      <Titled title={def.title}>{page}</Titled>
    );
  if (!user) return <ToSignIn />;
  return <SignedIn user={user} def={def} page={page} />;
}

function SignedIn({ user, def, page }: { user: SessionUser; def: PageNode; page: ReactNode }) {
  const { signOut } = useSession();
  const { pathname } = useLocation();
  const host = getHost();
  const pinned = host.scopedProjectId;
  // the user has landed: a later sign-in starts from scratch
  useEffect(() => clearReturnTo(), []);
  const surface = pinned ? surfacePath(host.frameContext, pinned) : undefined;
  if (surface && pathname !== surface) return <Navigate to={surface} replace />;
  if (pinned && !pathname.startsWith(`/project/${pinned}/`))
    return <Navigate to={paths.project.home(pinned)} replace />;
  const allowed = !def.scopes || hasAnyScope(user, def.scopes);
  if (def.bare) return <Titled title={def.title}>{allowed ? page : <NoAccess />}</Titled>;
  if (def.chromeless)
    return (
      <Titled title={def.title}>
        <Chromeless>{allowed ? page : <NoAccess />}</Chromeless>
      </Titled>
    );
  return (
    <Titled title={def.title}>
      <Shell user={user} onSignOut={signOut}>
        {allowed ? page : <NoAccess />}
      </Shell>
    </Titled>
  );
}

function UnauthorizedBridge() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      refresh();
      navigate(paths.projects(), { replace: true });
    });
  }, [navigate, refresh]);
  return null;
}

/**
 * Above every route: each navigation starts the new screen's code and queries while the router renders it —
 * before the screen's chunk has arrived and without waiting for a commit — so code and data load in parallel
 * (the entry did the same for the first screen; both are deduplicated).
 */
function Root() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const started = useRef<string | undefined>(undefined);
  if (started.current !== pathname) {
    started.current = pathname;
    preloadRoute(client, pathname);
  }
  return (
    <>
      <UnauthorizedBridge />
      <Outlet />
    </>
  );
}

function NotFound() {
  const { user, signOut } = useSession();
  if (!user) return <NotFoundPage />;
  return (
    <Shell user={user} onSignOut={signOut}>
      <NotFoundPage />
    </Shell>
  );
}

/** The route table from the navigation tree, inside {@link Root} (which preloads each screen on navigation). */
export function appRoutes(): RouteObject[] {
  const routes = routeTable.flatMap((page) =>
    [{ path: page.path as string, caseSensitive: false }, ...(page.aliases ?? [])].map(
      ({ path, caseSensitive }): RouteObject => ({
        path,
        caseSensitive,
        element: <RouteElement page={page} />,
      }),
    ),
  );
  return [{ element: <Root />, children: [...routes, { path: '*', element: <NotFound /> }] }];
}

function AppRoutes() {
  const [routes] = useState(appRoutes);
  return useRoutes(routes);
}

/**
 * The app's routes in the browser's history, or at a path in memory (tests). React Router's declarative mode:
 * the navigation tree needs no data router (Root preloads each screen), and the first screen does not carry one.
 */
export function App({ initialPath }: { initialPath?: string } = {}) {
  return initialPath === undefined ? (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  ) : (
    <MemoryRouter initialEntries={[initialPath]}>
      <AppRoutes />
    </MemoryRouter>
  );
}
