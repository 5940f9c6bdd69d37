import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PRODUCT_NAME } from '@domain/constants';
import { hasAnyScope } from '@domain/rules/access';
import { setUnauthorizedHandler } from '@web/api/client';
import { useSession } from '@web/api/session-context';
import { LoadingState } from '@web/ui';
import { ROUTES, type RouteDef } from './routes';
import { Shell } from './shell/Shell';

const useStyles = makeStyles({ message: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXXL } });

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

/** Private / public-only / scoped route with its title, inside the shell unless bare. */
export function RouteElement({ def }: { def: RouteDef }) {
  const { user, signOut } = useSession();
  const page = (
    <Suspense fallback={<LoadingState />}>
      <def.Page />
    </Suspense>
  );
  if (def.publicOnly) return user ? <Navigate to="/" replace /> : <Titled title={def.title}>{page}</Titled>;
  if (!user) return <Navigate to="/auth/signin" replace />;
  const allowed = !def.scopes || hasAnyScope(user, def.scopes);
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
          <Route key={r.path} path={r.path} element={<RouteElement def={r} />} caseSensitive={r.path.endsWith('professional-DNA')} />
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
