import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@web/app/providers';
import { LIGHT_THEME, loadBrowserThemes } from '@web/app/themes';
import { getHost, setHost } from '@web/host';
import type { Host, ThemeName } from '@web/host';

const original = getHost();
afterEach(() => setHost(original));

/** A host whose theme the test switches. */
function themedHost(initial: ThemeName) {
  let theme = initial;
  let listener: ((t: ThemeName) => void) | undefined;
  const host = {
    ...original,
    theme: () => theme,
    onThemeChange: (fn: (t: ThemeName) => void) => {
      listener = fn;
      return () => (listener = undefined);
    },
  } as Host;
  setHost(host);
  return (next: ThemeName) => {
    theme = next;
    listener?.(next);
  };
}

/** The CSS rules Fluent wrote for the providers' themes (their variables). */
const themeCss = () =>
  [...document.querySelectorAll('style')]
    .flatMap((el) => [...(el.sheet?.cssRules ?? [])].map((r) => r.cssText))
    .join('\n');

describe('AppProviders themes (the first screen carries only the light one)', () => {
  it('starts light without loading the others, and loads the dark palettes when the host switches', async () => {
    const switchTo = themedHost('light');
    const { container } = render(
      <AppProviders client={new QueryClient()}>
        <p>content</p>
      </AppProviders>,
    );
    expect(container.querySelector('[data-theme="light"]')).not.toBeNull();
    expect(screen.getByText('content')).toBeInTheDocument();
    const dark = (await loadBrowserThemes()).dark;
    expect(themeCss()).toContain(`--colorNeutralBackground1: ${LIGHT_THEME.colorNeutralBackground1}`);
    expect(themeCss()).not.toContain(`--colorNeutralBackground1: ${dark.colorNeutralBackground1}`);
    act(() => switchTo('dark'));
    expect(container.querySelector('[data-theme="dark"]')).not.toBeNull();
    await waitFor(() =>
      expect(themeCss()).toContain(`--colorNeutralBackground1: ${dark.colorNeutralBackground1}`),
    );
  });
});
