import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRECACHE_MANIFEST_FILE, precacheList, versionOfEntry } from './src/shared/rules/precache';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes dist/web/precache-manifest.json ({ version, urls }): the app shell public/service-worker.js
 * caches at install (docs/decisions/0009-pwa.md).
 */
function precacheManifest(): Plugin {
  return {
    name: 'mugen-precache-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const manifest = { version: versionOfEntry(entry?.fileName), urls: precacheList(Object.keys(bundle)) };
      this.emitFile({ type: 'asset', fileName: PRECACHE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 1)}\n` });
    },
  };
}

/**
 * react-router 7 exports only its development build (warnings and checks, used by `npm run dev` and the
 * tests); the browser bundle takes the production build it ships next to it.
 */
const productionRouter = { find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') };

export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./public'),
  plugins: [react(), tailwindcss(), precacheManifest()],
  resolve: {
    alias: [
      { find: '@shared', replacement: r('./src/shared') },
      { find: '@web', replacement: r('./src/web') },
      ...(command === 'build' ? [productionRouter] : []),
    ],
  },
  build: { outDir: r('./dist/web'), emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/health': 'http://127.0.0.1:3000',
      '/ping': 'http://127.0.0.1:3000',
    },
  },
}));
