import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Fluent's core and the components the shell and the first screen (the project list) use. */
const FLUENT_CORE = new RegExp(
  `node_modules[\\\\/](${[
    '@fluentui[\\\\/](react-(utilities|shared-contexts|jsx-runtime|provider|theme|tabster|portal|positioning|motion|motion-components-preview|button|text|tooltip|spinner|avatar|badge|table|icons|field|label|aria|context-selector|message-bar|toast|input|search|select|popover|checkbox|link)|tokens|keyboard-keys|priority-overflow)',
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

export default defineConfig({
  root: r('./src/web'),
  envDir: r('.'),
  publicDir: r('./src/web/public'),
  plugins: [react()],
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
