import { describe, expect, it } from 'vitest';
import {
  buildDeepLink,
  chatDeepLink,
  pinnedProjectId,
  portalPathFrom,
  projectIdFromPath,
} from '@domain/rules/deep-link';
import { hasTeamsFlag, initializeWithTimeout, teamsTheme, forgetTeamsFlag } from '@web/host/detect';

describe('deep links', () => {
  it('opens the page inside the Teams app with subEntityId, falling back to the portal URL', () => {
    const link = new URL(
      buildDeepLink({
        origin: 'https://portal.example.com',
        path: '/project/12/during/one-page',
        teamsAppId: 'app-1',
        label: 'P-12',
      }),
    );
    expect(link.origin + link.pathname).toBe('https://teams.microsoft.com/l/entity/app-1/projects');
    expect(link.searchParams.get('webUrl')).toBe('https://portal.example.com/project/12/during/one-page');
    expect(JSON.parse(link.searchParams.get('context')!)).toEqual({
      subEntityId: '/project/12/during/one-page',
    });
    expect(link.searchParams.get('label')).toBe('P-12');
  });
  it('without a Teams app id, the link is the portal URL', () => {
    expect(buildDeepLink({ origin: 'http://localhost:53000', path: '/project/3/home' })).toBe(
      'http://localhost:53000/project/3/home',
    );
  });
  it('follows only same-site paths from a subPageId', () => {
    expect(portalPathFrom('/project/3/home')).toBe('/project/3/home');
    for (const bad of [
      undefined,
      '',
      'project/3',
      '//evil.example.com/x',
      'https://evil.example.com',
      '/\\evil',
      '/a\nb',
    ])
      expect(portalPathFrom(bad)).toBeUndefined();
  });
  it('reads the project of a path and of a channel tab (entity id first, then the content URL path)', () => {
    expect(projectIdFromPath('/project/42/setup/client')).toBe(42);
    expect(projectIdFromPath('/project/42')).toBe(42);
    expect(projectIdFromPath('/projects')).toBeUndefined();
    expect(pinnedProjectId('project-7', '/project/9/home')).toBe(7);
    expect(pinnedProjectId(undefined, '/project/9/home')).toBe(9);
    expect(pinnedProjectId('project-x', '/')).toBeUndefined();
  });
  it('chat deep link with one person', () => {
    expect(chatDeepLink('ida.member@example.com')).toBe(
      'https://teams.microsoft.com/l/chat/0/0?users=ida.member%40example.com',
    );
  });
});

describe('where we run', () => {
  it('the inTeams flag of the content URL is remembered for the session', () => {
    const storage = new Map<string, string>();
    const s = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    } as unknown as Storage;
    expect(hasTeamsFlag({ search: '' }, s)).toBe(false);
    expect(hasTeamsFlag({ search: '?inTeams=1' }, s)).toBe(true);
    expect(hasTeamsFlag({ search: '' }, s)).toBe(true);
    forgetTeamsFlag(s);
    expect(hasTeamsFlag({ search: '' }, s)).toBe(false);
  });
  it('a refusing storage (blocked third-party storage) does not break detection', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(hasTeamsFlag({ search: '?inTeams=1' }, refusing)).toBe(true);
    expect(hasTeamsFlag({ search: '' }, refusing)).toBe(false);
    expect(() => forgetTeamsFlag(refusing)).not.toThrow();
  });

  it("maps Teams' theme names", () => {
    expect(teamsTheme('default')).toBe('light');
    expect(teamsTheme('dark')).toBe('dark');
    expect(teamsTheme('contrast')).toBe('contrast');
    expect(teamsTheme(undefined)).toBe('light');
  });
  it('app.initialize is raced against a short timeout', async () => {
    expect(await initializeWithTimeout(() => new Promise(() => {}), 20)).toBe(false);
    expect(await initializeWithTimeout(async () => {}, 20)).toBe(true);
    expect(await initializeWithTimeout(async () => Promise.reject(new Error('no parent')), 20)).toBe(false);
  });
});
