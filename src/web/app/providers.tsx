import { useEffect, useState, type ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '@web/ui/toast';
import { PhotoResolverProvider } from '@web/ui/PersonAvatar';
import { getHost, type ThemeName } from '@web/host';
import { SessionProvider } from '@web/api/session-context';
import { BROWSER_THEMES, type ThemeSet } from './themes';

/** Theme (following the host), data, toasts, photos and the session. */
export function AppProviders({
  client,
  themes = BROWSER_THEMES,
  children,
}: {
  client: QueryClient;
  themes?: ThemeSet;
  children: ReactNode;
}) {
  const host = getHost();
  const [theme, setTheme] = useState<ThemeName>(() => host.theme());
  useEffect(() => host.onThemeChange(setTheme), [host]);
  return (
    <FluentProvider theme={themes[theme]} style={{ minHeight: '100vh' }} data-theme={theme}>
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
