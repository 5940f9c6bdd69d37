import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '@web/ui';

/** Renders inside Fluent, a fresh QueryClient, toasts and a router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    router = true,
  }: { path?: string; /** false when `ui` brings its own router (the App) */ router?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          {router ? <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter> : children}
        </ToastProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
  return { client, ...render(ui, { wrapper: Wrapper }) };
}

/** A portal token (unsigned is fine for the web app: it only decodes the payload). */
export function fakeToken(payload: Record<string, unknown>, expiresInS = 3600): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expiresInS, ...payload })}.sig`;
}

export const USERS = {
  alice: {
    userName: 'Alice Almeida',
    email: 'alice.admin@example.com',
    login: 'alice.admin',
    professionalId: 1,
    scopes: ['API.Portal.Admin'],
    comanagementId: 1,
    practiceId: 1,
    businessUnits: [],
  },
  marcos: {
    userName: 'Marcos Moura',
    email: 'marcos.manager@example.com',
    login: 'marcos.manager',
    professionalId: 6,
    scopes: [],
    comanagementId: 2,
    practiceId: 6,
    businessUnits: [],
  },
  kim: {
    userName: 'Kim Kato',
    email: 'kim.knm@example.com',
    login: 'kim.knm',
    professionalId: 3,
    scopes: ['API.Portal.KNW'],
    comanagementId: 3,
    practiceId: 3,
    businessUnits: [],
  },
};

/**
 * Clicks the button `button()` finds (once) and returns the dialog named `name` that it opens. The dialog must
 * keep its accessible name while it is open: see the layout shim in tests/web/setup.ts for why it could lose it.
 */
export async function openDialogWith(button: () => HTMLElement, name: string) {
  await userEvent.click(button());
  return screen.findByRole('dialog', { name });
}
