import { describe, expect, it } from 'vitest';
import { LIGHT_THEME, PORTAL_BRAND, loadBrowserThemes, loadTeamsThemes } from '@web/app/themes';

/** WCAG contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('brand themes (dark red, spec 002 §9)', () => {
  it('the ramp is one hue around the manifest accent colour #8C1C2B at shade 80, darkest to lightest', () => {
    expect(PORTAL_BRAND[80]).toBe('#8C1C2B');
    const shades = Object.keys(PORTAL_BRAND).map(Number);
    expect(shades).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160]);
    const light = (h: string) => contrast(h, '#000000');
    for (let i = 1; i < shades.length; i++)
      expect(light(PORTAL_BRAND[shades[i] as 10]!)).toBeGreaterThan(
        light(PORTAL_BRAND[shades[i - 1] as 10]!),
      );
  });

  it('brand text and links are readable (≥ 4.5:1) on every theme, brand buttons carry readable white text', async () => {
    const teams = await loadTeamsThemes();
    const BROWSER_THEMES = await loadBrowserThemes();
    expect(BROWSER_THEMES.light).toBe(LIGHT_THEME);
    for (const [name, t] of Object.entries({
      light: BROWSER_THEMES.light,
      dark: BROWSER_THEMES.dark,
      teamsLight: teams.light,
      teamsDark: teams.dark,
    })) {
      for (const token of [
        'colorBrandForeground1',
        'colorBrandForegroundLink',
        'colorCompoundBrandForeground1',
      ] as const) {
        for (const bg of [t.colorNeutralBackground1, t.colorNeutralBackground2, t.colorNeutralBackground3]) {
          expect(contrast(t[token], bg), `${name} ${token} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(
        contrast(t.colorNeutralForegroundOnBrand, t.colorBrandBackground),
        `${name} text on brand`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(BROWSER_THEMES.light.colorBrandBackground).toBe('#8C1C2B');
  });

  it('high contrast keeps the system palette', async () => {
    const teams = await loadTeamsThemes();
    expect(teams.contrast).toBe((await loadBrowserThemes()).contrast);
    expect(teams.contrast.colorNeutralBackground1).toBe('#000000');
  });
});
