import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '@web/ui/toast';
import { PhotoResolverProvider, type AvatarPerson } from '@web/ui/PersonAvatar';
import { getHost, type ThemeName } from '@web/host';
import { SessionProvider } from '@web/api/session-context';
import { LIGHT_THEME, loadBrowserThemes, type ThemeSet } from './themes';

/**
 * Theme (following the host), data, toasts, photos and the session. Without `themes` (the browser, light) the
 * other browser themes load when the host first asks for one; the light theme shows meanwhile.
 */
export function AppProviders({
  client,
  themes,
  children,
}: {
  client: QueryClient;
  themes?: ThemeSet;
  children: ReactNode;
}) {
  const host = getHost();
  const [theme, setTheme] = useState<ThemeName>(() => host.theme());
  const [loaded, setLoaded] = useState<Partial<ThemeSet>>(() => themes ?? { light: LIGHT_THEME });
  useEffect(() => host.onThemeChange(setTheme), [host]);
  // one resolver for the app's life: avatars keep the photos they found (a theme change asks for none again)
  const resolvePhoto = useCallback((p: AvatarPerson) => host.resolvePhoto(p), [host]);
  useEffect(() => {
    if (!loaded[theme]) void loadBrowserThemes().then(setLoaded);
  }, [theme, loaded]);
  return (
    <FluentProvider theme={loaded[theme] ?? LIGHT_THEME} style={{ minHeight: '100vh' }} data-theme={theme}>
      <QueryClientProvider client={client}>
        <PhotoResolverProvider resolvePhoto={resolvePhoto}>
          <ToastProvider>
            <SessionProvider>{children}</SessionProvider>
          </ToastProvider>
        </PhotoResolverProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
}
