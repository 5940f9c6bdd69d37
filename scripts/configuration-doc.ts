/**
 * docs/configuration.md, generated: every environment variable of the server's schema (`src/server/config.ts`:
 * what it expects is the message a wrong value gets, its default and meaning come from `ENV_DOCS`), the ones read
 * beside it, and the web app's build-time `VITE_*` variables (each one used in `src/web` must be listed here).
 * `npm run docs:config` writes the file; `tests/domain/docs.test.ts` fails while it differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatMarkdown } from './docs-format';
import { ENV_DOCS, ENV_DOCS_OUTSIDE_SCHEMA, EnvSchema, type EnvDoc } from '../src/server/config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIGURATION_DOC = path.join(ROOT, 'docs/configuration.md');

const GROUPS: readonly EnvDoc['group'][] = [
  'Server',
  'Database and demo data',
  'Sign-in',
  'People',
  'Files',
  'Mail',
  'E-signature',
  'Teams',
  'Capacity and shutdown',
  'Telemetry',
];

/** The web app's build-time variables (read through `import.meta.env` in `src/web`). */
export const WEB_ENV_DOCS: Record<string, { default: string; description: string }> = {
  VITE_PORTAL_API_URL: { default: 'same origin', description: 'Base URL of the portal API (`/api`).' },
  VITE_INTEGRATION_API_URL: {
    default: 'same origin',
    description: 'Base URL of the integration API (`/auth`, `/master`).',
  },
  VITE_CRM_API_URL: { default: 'same origin', description: 'Base URL of the CRM API (`/crm`).' },
  VITE_AUTH_AUTHORIZE_URL: {
    default: '`/dev-idp/authorize`',
    description: "The identity provider's authorize endpoint for the browser sign-in.",
  },
  VITE_AUTH_LOGOUT_URL: {
    default: '`/dev-idp/logout`',
    description: "The identity provider's logout endpoint.",
  },
  VITE_AUTH_CLIENT_ID: { default: '`portal`', description: 'The client id the browser signs in with.' },
  VITE_AUTH_SCOPE: {
    default: '`api://portal/access_as_user`',
    description: 'The scope the browser asks for.',
  },
  VITE_AUTH_TENANT_ID: {
    default: '—',
    description:
      'Microsoft Entra tenant: when set the browser signs in with MSAL (redirect, PKCE) and photos come from Microsoft Graph.',
  },
  VITE_TEAMS_APP_ID: { default: '—', description: 'The Teams app id: project links open inside Teams.' },
  VITE_GOVERNANCE_PPT_URL: {
    default: '`https://governance.example.com/`',
    description: 'The Governance Material PPT portal the Reports page opens.',
  },
  VITE_ONE_PAGE_TUTORIAL_URL: {
    default: 'a video search for one-page status reports',
    description: "The One-Page list's tutorial video.",
  },
  VITE_AUTO_SANITIZATION_URL: {
    default: '`https://sanitization.example.com/`',
    description: 'The external auto-sanitization page (Closure Internal › Sanitized References).',
  },
  VITE_KM_EMAIL: {
    default: '`knowledge.management@example.com`',
    description:
      "The knowledge-management mailbox of Closure Internal's mailto (keep it equal to `KM_EMAIL`).",
  },
  VITE_TUTORIAL_GOOD_CASE_URL: {
    default: '— (written tips only)',
    description: 'The embeddable "Tips to write a good case" video.',
  },
  VITE_TUTORIAL_WS_TEMPLATE_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: a weekly status signed from the template.',
  },
  VITE_TUTORIAL_WS_OWN_DOCUMENT_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: a weekly status signed from your own document.',
  },
  VITE_TUTORIAL_WS_SIGNED_DOCUMENT_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: uploading a signed weekly status.',
  },
  VITE_TUTORIAL_FILE_CREATION_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: the file-creation tutorial.',
  },
  VITE_TUTORIAL_LEGAL_ESIGN_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: the legal document sent to sign.',
  },
  VITE_TUTORIAL_LEGAL_SIGNED_URL: {
    default: '— (written steps only)',
    description: 'Embeddable video: uploading the signed legal document.',
  },
};

/** What a variable accepts: the validation message a wrong value gets ("text" when any text passes). */
function expects(schema: {
  safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}) {
  const r = schema.safeParse('#');
  return r.success ? 'text' : (r.error?.issues[0]?.message ?? 'text');
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The `VITE_*` names the web app's source reads. */
function webVariablesUsed(): Set<string> {
  const used = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(e.name))
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\.(VITE_[A-Z0-9_]+)\b/g)) used.add(m[1]!);
    }
  };
  walk(path.join(ROOT, 'src/web'));
  return used;
}

/** The whole document, formatted as the repository's prettier formats Markdown. */
export async function configurationDoc(): Promise<string> {
  const used = webVariablesUsed();
  const undocumented = [...used].filter((v) => !(v in WEB_ENV_DOCS)).sort();
  const unused = Object.keys(WEB_ENV_DOCS).filter((v) => !used.has(v));
  if (undocumented.length || unused.length)
    throw new Error(
      `scripts/configuration-doc.ts: web variables ${undocumented.length ? `used but not documented: ${undocumented.join(', ')}` : ''}${undocumented.length && unused.length ? '; ' : ''}${unused.length ? `documented but not used: ${unused.join(', ')}` : ''}`,
    );

  const rows = [
    ...Object.entries(ENV_DOCS).map(([name, doc]) => ({
      name,
      doc,
      expects: expects(EnvSchema.shape[name as keyof typeof EnvSchema.shape]),
    })),
    ...Object.entries(ENV_DOCS_OUTSIDE_SCHEMA).map(([name, doc]) => ({ name, doc, expects: doc.expects })),
  ];
  const out: string[] = [
    '# Configuration',
    '',
    '<!-- generated by `npm run docs:config` from src/server/config.ts and scripts/configuration-doc.ts; do not edit -->',
    '',
    'Every variable is optional. The server validates them all at start (`src/server/config.ts`): a wrong value stops',
    'it before it touches anything, with one line naming the variable and what it expects (exit code 2), e.g.',
    '`Configuration error: PORT expects an integer from 0 to 65535 (got "abc")`. An empty variable counts as unset.',
    'The "expects" column is that message.',
    '',
    'The most common set-ups are in the [README](../README.md#configuration); production settings (Key Vault',
    'references, App Service) in [deploy.md](deploy.md).',
    '',
  ];
  for (const group of GROUPS) {
    const inGroup = rows.filter((r) => r.doc.group === group);
    if (!inGroup.length) continue;
    out.push(`## ${group}`, '', '| variable | expects | default | meaning |', '| --- | --- | --- | --- |');
    for (const r of inGroup)
      out.push(
        `| \`${r.name}\` | ${cell(r.expects)} | ${cell(r.doc.default ?? '—')} | ${cell(r.doc.description)} |`,
      );
    out.push('');
  }
  out.push(
    '## Web app (build time)',
    '',
    'Read by Vite when the web app is built (`npm run build`, `teamsapp deploy`), not when the server starts.',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
  );
  for (const [name, doc] of Object.entries(WEB_ENV_DOCS))
    out.push(`| \`${name}\` | ${cell(doc.default)} | ${cell(doc.description)} |`);
  out.push('');
  return formatMarkdown(out.join('\n'), CONFIGURATION_DOC);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  fs.writeFileSync(CONFIGURATION_DOC, await configurationDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_DOC)}`);
}
