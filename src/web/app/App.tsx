import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { SessionUser } from '@domain/contract';
import { PRODUCT_NAME } from '@domain/constants';
import { hasAnyScope } from '@domain/rules/access';
import { setUnauthorizedHandler } from '@web/api/client';
import { useSession } from '@web/api/session-context';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from '@web/api/return-to';
import { getHost } from '@web/host';
import { LoadingState } from '@web/ui';
import { ROUTES, type RouteDef } from './routes';
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
      <Link to="/">Go to the project list</Link>
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
      <Link to="/">Go to the project list</Link>
    </div>
  );
}

/** Sends a signed-out visitor to sign-in, remembering where they were going. */
function ToSignIn() {
  const { pathname, search } = useLocation();
  rememberReturnTo(pathname + search);
  return <Navigate to="/auth/signin" replace />;
}

/**
 * Private / public-only / scoped route with its title, inside the shell unless bare. In a Teams channel tab
 * pinned to a project, every other path leads to that project's home.
 */
export function RouteElement({ def }: { def: RouteDef }) {
  const { user } = useSession();
  const page = (
    <Suspense fallback={<LoadingState />}>
      <def.Page />
    </Suspense>
  );
  if (def.publicOnly)
    return user ? <Navigate to={peekReturnTo() ?? '/'} replace /> : <Titled title={def.title}>{page}</Titled>;
  if (!user) return <ToSignIn />;
  return <SignedIn user={user} def={def} page={page} />;
}

function SignedIn({ user, def, page }: { user: SessionUser; def: RouteDef; page: ReactNode }) {
  const { signOut } = useSession();
  const { pathname } = useLocation();
  const pinned = getHost().scopedProjectId;
  // the user has landed: a later sign-in starts from scratch
  useEffect(() => clearReturnTo(), []);
  if (pinned && !pathname.startsWith(`/project/${pinned}/`))
    return <Navigate to={`/project/${pinned}/home`} replace />;
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
      navigate('/', { replace: true });
    });
  }, [navigate, refresh]);
  return null;
}

export function AppRoutes() {
  const { user } = useSession();
  return (
    <>
      <UnauthorizedBridge />
      <Routes>
        {ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={<RouteElement def={r} />}
            caseSensitive={r.path.endsWith('professional-DNA')}
          />
        ))}
        <Route path="*" element={user ? <NotFoundShell /> : <NotFoundPage />} />
      </Routes>
    </>
  );
}

function NotFoundShell() {
  const { user, signOut } = useSession();
  return (
    <Shell user={user!} onSignOut={signOut}>
      <NotFoundPage />
    </Shell>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
