import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import type { ThemeName } from '@web/host';

export type ThemeSet = Record<ThemeName, Theme>;

/**
 * The firm's brand ramp (spec 002 §9: "Brand colour dark red"): #8C1C2B at shade 80 (the Teams manifest's
 * accent colour), darker below, lighter above, one hue (352°).
 */
export const PORTAL_BRAND: BrandVariants = {
  10: '#180709',
  20: '#270B0F',
  30: '#370F14',
  40: '#481219',
  50: '#58151E',
  60: '#691722',
  70: '#7A1A27',
  80: '#8C1C2B',
  90: '#AD2336',
  100: '#CD2B41',
  110: '#D8495C',
  120: '#DE6B7A',
  130: '#E58C98',
  140: '#ECADB6',
  150: '#F3CED3',
  160: '#FBEFF0',
};

/**
 * On dark backgrounds a dark red is too dark to read: brand text, links and strokes use the light end of
 * the ramp (shade 130 is 5.9:1 on the dark theme's #292929; shade 100, Fluent's default, only 2.8:1).
 */
export function withReadableBrand(dark: Theme): Theme {
  const fg = PORTAL_BRAND[130];
  const fgHover = PORTAL_BRAND[140];
  return {
    ...dark,
    colorBrandForeground1: fg,
    colorBrandForeground2: fgHover,
    colorBrandForeground2Hover: PORTAL_BRAND[150],
    colorBrandForeground2Pressed: PORTAL_BRAND[160],
    colorBrandForegroundLink: fg,
    colorBrandForegroundLinkHover: fgHover,
    colorBrandForegroundLinkPressed: PORTAL_BRAND[120],
    colorBrandForegroundLinkSelected: fg,
    colorCompoundBrandForeground1: fg,
    colorCompoundBrandForeground1Hover: fgHover,
    colorCompoundBrandForeground1Pressed: PORTAL_BRAND[120],
    colorBrandForegroundOnLight: PORTAL_BRAND[80],
    colorBrandStroke1: fg,
    colorCompoundBrandStroke: fg,
    colorCompoundBrandStrokeHover: fgHover,
    colorNeutralForeground2BrandHover: fg,
    colorNeutralForeground2BrandPressed: PORTAL_BRAND[120],
    colorNeutralForeground2BrandSelected: fg,
    colorNeutralForeground3BrandHover: fg,
    colorNeutralForeground3BrandPressed: PORTAL_BRAND[120],
    colorNeutralForeground3BrandSelected: fg,
  };
}

/** The brand on Fluent's light theme: the first screen's theme in the browser and in Teams. */
export const LIGHT_THEME: Theme = createLightTheme(PORTAL_BRAND);

type OtherThemes = typeof import('./other-themes');

/** Light, the given dark palette with a readable brand, and Teams' high contrast (a chunk of its own). */
async function loadThemes(dark: (m: OtherThemes) => Theme): Promise<ThemeSet> {
  const m = await import('./other-themes');
  return { light: LIGHT_THEME, dark: withReadableBrand(dark(m)), contrast: m.contrast };
}

/**
 * The browser's themes: the brand on Fluent's web light and dark themes, high contrast when the system forces
 * colours. The dark and high-contrast palettes are a chunk of their own (the first screen of a light-themed
 * browser does not carry them).
 */
export const loadBrowserThemes = () => loadThemes((m) => m.createDarkTheme(PORTAL_BRAND));

/** Inside Teams: the brand on Fluent's Teams light and dark palettes, and Teams' high contrast (loaded only there). */
export const loadTeamsThemes = () => loadThemes((m) => m.createTeamsDarkTheme(PORTAL_BRAND));
