import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
