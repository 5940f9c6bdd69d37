import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Fluent's core and the components the shell and the first screen (the project list) use. */
const FLUENT_CORE = new RegExp(
  `node_modules[\\\\/](${[
    '@fluentui[\\\\/](react-(utilities|shared-contexts|jsx-runtime|provider|theme|tabster|portal|positioning|motion|motion-components-preview|button|text|tooltip|spinner|avatar|badge|table|icons|field|label|aria|context-selector|message-bar|input|search|select|popover|checkbox|link)|tokens|keyboard-keys|priority-overflow)',
    '@griffel',
    'tabster',
    'keyborg',
    '@floating-ui',
    'stylis',
    'rtl-css-js',
    '@emotion[\\\\/]hash',
    '@swc[\\\\/]helpers',
    'use-sync-external-store',
    'use-disposable',
  ].join('|')})[\\\\/]`,
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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every screen needs (a browser opens six connections per origin over
        // HTTP/1.1: forty small chunks queue the first screen's data request behind them). Screen-specific
        // libraries (dialogs, combobox, drawer, menu, forms, rich text) keep their own chunks.
        codeSplitting: {
          groups: [
            {
              // what the entry needs itself (React, the query cache): kept out of the two big chunks below,
              // so the entry runs, and starts the screen's requests, before they have arrived
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
              test: FLUENT_CORE,
              priority: 2,
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
