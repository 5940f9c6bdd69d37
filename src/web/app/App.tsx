import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@domain/contract';
import { PRODUCT_NAME } from '@domain/constants';
import { hasAnyScope } from '@domain/rules/access';
import { setUnauthorizedHandler } from '@web/api/client';
import { useSession } from '@web/api/session-context';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from '@web/api/return-to';
import { getHost } from '@web/host';
import { LoadingState } from '@web/ui/PageState';
import { paths, routeTable, type PageNode } from './navigation';
import { mayPrefetch } from './preload';
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

// one lazy component per screen, made once
const screens = new Map<PageNode, ComponentType>();
const screenOf = (page: PageNode) => {
  let Screen = screens.get(page);
  if (!Screen) screens.set(page, (Screen = lazy(page.load)));
  return Screen;
};

/**
 * Private / public-only / scoped route with its title, inside the shell unless bare. In a Teams channel tab
 * pinned to a project, every other path leads to that project's home.
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
  const pinned = getHost().scopedProjectId;
  // the user has landed: a later sign-in starts from scratch
  useEffect(() => clearReturnTo(), []);
  if (pinned && !pathname.startsWith(`/project/${pinned}/`))
    return <Navigate to={paths.project.home(pinned)} replace />;
  const allowed = !def.scopes || hasAnyScope(user, def.scopes);
  if (def.bare) return <Titled title={def.title}>{allowed ? page : <NoAccess />}</Titled>;
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

function Root() {
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

/**
 * The route table from the navigation tree. Each route's loader starts the screen's code and its queries at
 * once (never awaited): the request for the data does not wait for the chunk, nor the chunk for the data.
 */
export function appRoutes(client: QueryClient): RouteObject[] {
  const routes = routeTable.flatMap((page) =>
    [{ path: page.path as string, caseSensitive: false }, ...(page.aliases ?? [])].map(
      ({ path, caseSensitive }): RouteObject => ({
        path,
        caseSensitive,
        element: <RouteElement page={page} />,
        loader: ({ params }) => {
          page.load().catch(() => undefined); // the screen shows the failure when it renders
          if (mayPrefetch(page)) page.prefetch?.(client, params);
          return null;
        },
      }),
    ),
  );
  return [
    {
      element: <Root />,
      hydrateFallbackElement: <LoadingState />,
      children: [...routes, { path: '*', element: <NotFound /> }],
    },
  ];
}

/** The router: in the browser (history), or at a path in memory (tests). Creating it runs the first loaders. */
export function createAppRouter(client: QueryClient, initialPath?: string) {
  return initialPath === undefined
    ? createBrowserRouter(appRoutes(client))
    : createMemoryRouter(appRoutes(client), { initialEntries: [initialPath] });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The app: the given router (main.tsx creates it before the first render), or one at `initialPath`. */
export function App({ router: given, initialPath }: { router?: AppRouter; initialPath?: string } = {}) {
  const client = useQueryClient();
  const [router] = useState(() => given ?? createAppRouter(client, initialPath));
  return <RouterProvider router={router} />;
}
