// One lint setup for the whole repository (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/** Resolves an import specifier to a repository-relative path (aliases and relative paths only). */
function resolveSpecifier(file, spec) {
  if (spec.startsWith('@domain/')) return 'src/domain/' + spec.slice(8);
  if (spec === '@domain') return 'src/domain';
  if (spec.startsWith('@web/')) return 'src/web/' + spec.slice(5);
  if (spec.startsWith('@server/')) return 'src/server/' + spec.slice(8);
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  return null; // a package
}

/** What a server module offers the others: its service (service.ts, *.service.ts) and its types.ts — never its repo or routes. */
const SERVER_MODULE_API = /^(service|[\w.-]+\.service|types)$/;

/**
 * Architecture boundaries: domain imports nothing of ours but itself; a feature never imports another feature; only
 * the host imports the Teams SDK and MSAL; a server module reaches another only through its service or types.
 */
const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { domain: '{{msg}}', feature: '{{msg}}', module: '{{msg}}' },
  },
  create(context) {
    const file = path.relative(root, context.filename);
    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(context.filename, spec);
      if (file.startsWith('src/domain/')) {
        if (target === null) {
          if (spec !== 'zod')
            context.report({
              node,
              messageId: 'domain',
              data: { msg: `domain may import only zod, not '${spec}'` },
            });
        } else if (!target.startsWith('src/domain')) {
          context.report({
            node,
            messageId: 'domain',
            data: { msg: `domain may not import '${spec}' (outside src/domain)` },
          });
        }
        return;
      }
      const m = /^src\/web\/features\/([^/]+)\//.exec(file);
      if (m && target) {
        const t = /^src\/web\/features\/([^/]+)/.exec(target);
        if (t && t[1] !== m[1]) {
          context.report({
            node,
            messageId: 'feature',
            data: { msg: `feature '${m[1]}' may not import from feature '${t[1]}'` },
          });
        }
      }
      if (
        file.startsWith('src/web/') &&
        !file.startsWith('src/web/host/') &&
        /^@microsoft\/teams-js|^@azure\/msal-browser/.test(spec)
      ) {
        context.report({
          node,
          messageId: 'feature',
          data: { msg: `only src/web/host may import '${spec}' (use getHost())` },
        });
      }
      if (file.startsWith('src/web/') && target && target.startsWith('src/server')) {
        context.report({ node, messageId: 'feature', data: { msg: 'web code may not import server code' } });
      }
      if (file.startsWith('src/server/') && target && target.startsWith('src/web')) {
        context.report({ node, messageId: 'feature', data: { msg: 'server code may not import web code' } });
      }
      const from = /^src\/server\/modules\/([^/]+)\//.exec(file);
      const to = target && /^src\/server\/modules\/([^/]+)\/(.+)$/.exec(target);
      if (from && to && to[1] !== from[1] && !SERVER_MODULE_API.test(to[2])) {
        context.report({
          node,
          messageId: 'module',
          data: {
            msg: `module '${from[1]}' may import from module '${to[1]}' only its service (service.ts, *.service.ts) or types.ts, not '${to[2]}'`,
          },
        });
      }
    }
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

/**
 * The app's own paths (the navigation tree's first segments: /project…, /admin…, /sign, /teams, /notifications,
 * /auth/signin), as a string or the start of a template: screens build them with `paths.…(id)` from
 * src/web/app/navigation.ts. The API's paths are the endpoint table's and never written in the web app.
 */
const APP_PATH = '^[/](project|admin|sign|teams|notifications|auth[/]signin)([/?#-]|$)';
const HAND_BUILT_PATH =
  "Build app paths with the navigation tree's builders (paths.…(id) from @web/app/navigation), not by hand";

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'deploy/**',
      'node_modules/**',
      '.data*/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'appPackage/build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { portal: { rules: { boundaries } }, 'react-hooks': reactHooks },
    rules: {
      'portal/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}', 'src/web/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/${APP_PATH}/]`, message: HAND_BUILT_PATH },
        { selector: `TemplateElement[value.raw=/${APP_PATH}/]`, message: HAND_BUILT_PATH },
        // the projects list, '/': paths.projects()
        {
          selector: "CallExpression[callee.name='navigate'] > Literal[value=/^[/]/]",
          message: HAND_BUILT_PATH,
        },
        {
          selector: 'JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^[/]/]',
          message: HAND_BUILT_PATH,
        },
      ],
    },
  },
);
