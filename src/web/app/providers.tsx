import { useEffect, useState, type ReactNode } from 'react';
import { FluentProvider, teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider, PhotoResolverProvider } from '@web/ui';
import { getHost, type ThemeName } from '@web/host';
import { SessionProvider } from '@web/api/session-context';

/** Fluent's Teams themes inside Teams (light, dark, high contrast); the web themes in the browser. */
const THEMES = {
  teams: { light: teamsLightTheme, dark: teamsDarkTheme, contrast: teamsHighContrastTheme },
  browser: { light: webLightTheme, dark: webDarkTheme, contrast: teamsHighContrastTheme },
} as const;

/** Theme (following the host), data, toasts, photos and the session. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const host = getHost();
  const [theme, setTheme] = useState<ThemeName>(() => host.theme());
  useEffect(() => host.onThemeChange(setTheme), [host]);
  return (
    <FluentProvider theme={THEMES[host.kind][theme]} style={{ minHeight: '100vh' }} data-theme={theme}>
      <QueryClientProvider client={client}>
        <PhotoResolverProvider resolvePhoto={(p) => host.resolvePhoto(p)}>
          <ToastProvider>
            <SessionProvider>{children}</SessionProvider>
          </ToastProvider>
        </PhotoResolverProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}
