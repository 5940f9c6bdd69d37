import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Fluent's core and the components of the shell and the first screen (the project list): one chunk every screen
 * loads. Only packages the first screen renders are named; the rest of Fluent (dialogs, menus, popovers, tooltips'
 * positioning, motion, forms, icons…) goes with the screens and lazy parts that use it.
 */
const FLUENT_FIRST = new RegExp(
  `node_modules[\\\\/](${[
    '@fluentui[\\\\/](react-(utilities|shared-contexts|jsx-runtime|provider|theme|tabster|button|text|spinner|avatar|badge|table|aria|context-selector|input|search|select|link)|tokens|keyboard-keys)',
    '@griffel',
    'tabster',
    'keyborg',
    'stylis',
    'rtl-css-js',
    '@emotion[\\\\/]hash',
    '@swc[\\\\/]helpers',
    'use-sync-external-store',
    'use-disposable',
  ].join('|')})[\\\\/]`,
);
/** …except the parts of those packages that only other screens use. */
const FLUENT_LATER = new RegExp(
  [
    'react-button[\\\\/].*(CompoundButton|MenuButton|SplitButton|ToggleButton)',
    'react-avatar[\\\\/].*AvatarGroup',
    'react-table[\\\\/].*(TableSelectionCell|DataGrid|TableCellActions|TableCellLayout|TableResizeHandle|useTableColumnSizing|useTableSelection)',
    'tokens[\\\\/]lib[\\\\/](alias[\\\\/](dark|highContrast|teamsDark)|utils[\\\\/]create(Dark|HighContrast|TeamsDark)|themes)',
  ].join('|'),
);

/**
 * The app code of the shell and the first screen (the project list, on the grid most screens use): one chunk,
 * not twenty small ones queued on six connections. Screens and lazy parts keep their own chunks.
 */
const APP_FIRST = new RegExp(
  `/src/web/(${[
    'start\\.tsx',
    'app/(App|providers|themes)\\.tsx?',
    'app/shell/(Shell|SideMenu|copy)\\.tsx?',
    'host/(index|browser|graph|types)\\.ts',
    'api/(session-context|methodology-flag|return-to|cache)\\.tsx?',
    'ui/(PageState|lazy|Hint|PersonAvatar|status|dates|toast|useIsMobile|DataGrid)\\.tsx?',
    'ui/grid/(PortalDataGrid|HeaderFilter|hooks|model|types|useGridModel)\\.tsx?',
    'features/projects/list/ProjectListPage\\.tsx',
  ].join('|')})$`,
);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every built text asset over 1 KB: the server sends them
 * as they are (`@fastify/static` `preCompressed`) instead of compressing each script on every request.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: r('./src/web'),
  envDir: r('.'),
  publicDir: r('./src/web/public'),
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@domain': r('./src/domain'),
      '@web': r('./src/web'),
      '@server': r('./src/server'),
    },
  },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // every browser the portal supports (Teams' Chromium/WebView2, Edge, Chrome, Safari ≥ 17, Firefox ≥ 115) has
    // modulepreload: no polyfill in the entry
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every screen needs (a browser opens six connections per origin over
        // HTTP/1.1: forty small chunks queue the first screen's data request behind them). Screen-specific
        // libraries (dialogs, combobox, drawer, menu, forms, rich text) keep their own chunks.
        codeSplitting: {
          groups: [
            {
              // everything the entry imports (React, the query cache, the navigation tree, the API client): one
              // chunk beside the entry, not a dozen small ones ahead of the screen's data request on six connections
              name: 'boot',
              tags: ['$initial'],
              priority: 5,
            },
            {
              // the rest of React and the query cache's React binding, kept out of the two big chunks below
              name: 'react',
              test: /node_modules[\\/](react|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 4,
            },
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              name: 'fluent',
              test: (id: string) => FLUENT_FIRST.test(id) && !FLUENT_LATER.test(id),
              priority: 2,
            },
            {
              name: 'app',
              test: (id: string) => APP_FIRST.test(id.replaceAll('\\', '/')),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:53000',
      '/master': 'http://127.0.0.1:53000',
      '/crm': 'http://127.0.0.1:53000',
      '/dev-idp': 'http://127.0.0.1:53000',
      '/photos': 'http://127.0.0.1:53000',
      '/auth/signin': {
        target: 'http://127.0.0.1:53000',
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
    },
  },
});
