import { teamsHighContrastTheme, webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ThemeName } from '@web/host';

export type ThemeSet = Record<ThemeName, Theme>;

/** The browser: Fluent's web themes (high contrast when the system forces colours). */
export const BROWSER_THEMES: ThemeSet = { light: webLightTheme, dark: webDarkTheme, contrast: teamsHighContrastTheme };

/** Inside Teams: Fluent's Teams light, dark and high-contrast themes (loaded only there). */
export async function loadTeamsThemes(): Promise<ThemeSet> {
  const m = await import('./teams-themes');
  return { light: m.teamsLightTheme, dark: m.teamsDarkTheme, contrast: teamsHighContrastTheme };
}
