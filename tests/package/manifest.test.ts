import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import AdmZip from 'adm-zip';
import { NOTIFICATION_EVENTS, NOTIFICATION_EVENT_INFO } from '@domain/rules/notifications';
import { buildPackage, fillPlaceholders, loadEnv, validateManifest } from '../../scripts/package-teams';

const template = fs.readFileSync('appPackage/manifest.json', 'utf8');
const filled = () => JSON.parse(fillPlaceholders(template, loadEnv('dev')));

describe('Teams app package', () => {
  it('fills every placeholder from env/.env.dev and validates offline against the bundled schema', async () => {
    const m = filled();
    expect(Number(m.manifestVersion)).toBeGreaterThanOrEqual(1.29);
    expect(JSON.stringify(m)).not.toContain('${{');
    expect(await validateManifest(m)).toEqual([]);
  });

  it('declares the personal tab, the configurable channel/group tab and SSO with nested app auth prefetch', () => {
    const m = filled();
    expect(m.staticTabs[0]).toMatchObject({ scopes: ['personal'] });
    expect(m.staticTabs[0].contentUrl).toMatch(/inTeams=1/);
    expect(m.configurableTabs[0].scopes).toEqual(['team', 'groupChat']);
    expect(m.configurableTabs[0].configurationUrl).toBe(
      `https://${m.validDomains[0]}/teams/config?inTeams=1`,
    );
    // the tab calls app.notifySuccess once its first screen shows (src/web/host/teams.ts)
    expect(m.showLoadingIndicator).toBe(true);
    expect(m.webApplicationInfo.resource).toBe(`api://${m.validDomains[0]}/${m.webApplicationInfo.id}`);
    expect(m.webApplicationInfo.nestedAppAuthInfo[0].scopes[0]).toMatch(/access_as_user$/);
    expect(m.accentColor).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it('declares Teams reach: meetings, the message extension on the portal domain, an activity type per event', () => {
    const m = filled();
    expect(m.configurableTabs[0].context).toEqual(
      expect.arrayContaining(['channelTab', 'meetingSidePanel', 'meetingStage']),
    );
    const [ext] = m.composeExtensions;
    expect(ext.botId).toBe(m.bots[0].botId);
    expect(ext.commands.map((c: { id: string; title: string }) => [c.id, c.title])).toEqual([
      ['findProject', 'Find a project'],
    ]);
    expect(ext.messageHandlers[0]).toEqual({
      type: 'link',
      value: { domains: [m.validDomains[0]], supportsAnonymizedPayloads: true },
    });
    expect(m.activities.activityTypes).toEqual(
      NOTIFICATION_EVENTS.map((e) => ({
        type: e,
        description: NOTIFICATION_EVENT_INFO[e].description,
        templateText: NOTIFICATION_EVENT_INFO[e].templateText,
      })),
    );
  });

  it('reports schema errors and bad icons', async () => {
    const m = filled();
    delete m.accentColor;
    m.staticTabs[0].scopes = ['everywhere'];
    const problems = await validateManifest(m);
    expect(problems.join('\n')).toMatch(/accentColor/);
    expect(problems.join('\n')).toMatch(/scopes/);
    const icons = { ...filled(), icons: { color: 'outline.png', outline: 'color.png' } };
    const iconProblems = await validateManifest(icons);
    expect(iconProblems.join('\n')).toMatch(/192×192/);
    expect(iconProblems.join('\n')).toMatch(/32×32/);
  });

  it('refuses a placeholder without a value', () => {
    expect(() => fillPlaceholders('{"id":"${{NOPE}}"}', {})).toThrow(/NOPE/);
  });

  it('writes a zip with the manifest and both icons', async () => {
    const { out } = await buildPackage('dev');
    const entries = new AdmZip(out)
      .getEntries()
      .map((e) => e.entryName)
      .sort();
    expect(entries).toEqual(['color.png', 'manifest.json', 'outline.png']);
  });
});

describe('Entra app registration (appPackage/aad.manifest.json)', () => {
  const aad = JSON.parse(fs.readFileSync('appPackage/aad.manifest.json', 'utf8'));

  it("declares the five portal scopes as app roles assignable to users (AUTH_ROLES_FROM_TOKEN reads them from the token's roles)", async () => {
    const { SCOPES } = await import('@domain/constants');
    const roles = aad.appRoles as {
      value: string;
      id: string;
      allowedMemberTypes: string[];
      isEnabled: boolean;
    }[];
    expect(roles.map((r) => r.value)).toEqual(Object.values(SCOPES));
    for (const r of roles) {
      expect(r.allowedMemberTypes).toEqual(['User']);
      expect(r.isEnabled).toBe(true);
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    // an app role's id never changes once provisioned: fixed GUIDs, one each
    expect(new Set(roles.map((r) => r.id)).size).toBe(roles.length);
  });
});
