import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { buildPath, routeTable } from '@web/app/navigation';

/**
 * CONVENTIONS.md's "build paths with paths.…(id)", as `npm run lint` enforces it (eslint.config.js): a screen that
 * writes one of the app's paths by hand fails; the navigation tree's builders and other strings pass.
 */
const FEATURE_FILE = 'src/web/features/projects/list/Example.tsx';
const HAND_BUILT = /navigation tree's builders/;

let eslint: ESLint;
// the first lint loads the configuration and the TypeScript parser
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText('export {};\n', { filePath: FEATURE_FILE });
}, 60_000);

async function messagesOf(code: string, filePath = FEATURE_FILE) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** Every page's path of the tree, its parameters filled in. */
const concretePaths = routeTable
  .map((p) => buildPath(p.path, { id: 3, token: 'abc' }))
  .filter((p) => p !== '/');

describe('hand-built app paths in the web features', () => {
  it('the tree has pages to check', () => {
    expect(concretePaths).toContain('/project/3/setup/toolkit');
    expect(concretePaths).toContain('/admin/weekly-supervision');
    expect(concretePaths.length).toBeGreaterThan(30);
  });

  it.each(concretePaths)('%s written as a string is refused', async (path) => {
    expect(await messagesOf(`export const to = '${path}';\n`)).toEqual([expect.stringMatching(HAND_BUILT)]);
  });

  it('a path built in a template literal is refused, also after an origin', async () => {
    const code = [
      'declare const id: number;',
      'declare const origin: string;',
      'export const home = `/project/${id}/home`;',
      'export const link = `${origin}/project/${id}/closure/internal?crm`;',
      '',
    ].join('\n');
    expect(await messagesOf(code)).toEqual([
      expect.stringMatching(HAND_BUILT),
      expect.stringMatching(HAND_BUILT),
    ]);
  });

  it("the projects list '/' is refused in navigate() and in a link's to or href", async () => {
    const code = [
      "import { Link } from 'react-router-dom';",
      'declare const navigate: (to: string) => void;',
      "export const back = () => navigate('/');",
      'export const A = () => <Link to="/">Projects</Link>;',
      '',
    ].join('\n');
    expect(await messagesOf(code)).toEqual([
      expect.stringMatching(HAND_BUILT),
      expect.stringMatching(HAND_BUILT),
    ]);
  });

  it('the builders, their query strings and other strings pass', async () => {
    const code = [
      "import { paths } from '@web/app/navigation';",
      'declare const navigate: (to: string) => void;',
      'declare const id: number;',
      'export const home = () => navigate(paths.project.home(id));',
      'export const tab = `${paths.admin.people()}?tab=provisioning`;',
      "export const parts = 'a/b'.split('/');",
      "export const date = 'dd/MM/yyyy';",
      "export const label = 'Project Code';",
      '',
    ].join('\n');
    expect(await messagesOf(code)).toEqual([]);
  });

  it('the rule covers the screens and the ui, not the navigation tree that declares the paths', async () => {
    const code = "export const to = '/admin/reports';\n";
    expect(await messagesOf(code, 'src/web/ui/Example.tsx')).toHaveLength(1);
    expect(await messagesOf(code, 'src/web/app/Example.tsx')).toEqual([]);
  });
});
