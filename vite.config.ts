import fs from 'node:fs';
import path from 'node:path';
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
    enforce: 'post',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const manifest = { version: versionOfEntry(entry?.fileName), urls: precacheList(Object.keys(bundle)) };
      this.emitFile({ type: 'asset', fileName: PRECACHE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 1)}\n` });
    },
  };
}

/**
 * The first paint first (docs/decisions/0012-first-paint.md). index.html paints the header and, on a
 * first visit, the cookie banner as static markup; this makes that paint need nothing but the document:
 * - the stylesheet goes into index.html as a <style> element (one file, 12 kB gzip; the file itself is
 *   dropped, so the service worker does not cache it twice);
 * - the app's scripts are asked for once that paint is on screen, by a small inline loader, not by tags
 *   the parser finds at once: the entry and its modulepreload list as Vite wrote them, and the chunks of
 *   the app that the entry imports next (src/web/main.tsx). It waits for the frame after the first
 *   animation frame, or one second where frames do not run (a hidden tab).
 * Runs after Vite's own HTML step and before the precache manifest is written.
 */
function paintFirst(): Plugin {
  const inlined: string[] = [];
  let entryFile = '';
  return {
    name: 'mugen-paint-first',
    apply: 'build',
    enforce: 'post',
    /**
     * A lazy chunk that itself imports lazily (the premium page's Stripe form) takes Vite's preload
     * helper from the entry, so the dependency list Vite writes into it names the entry's stylesheet,
     * whose file is gone: it names the entry instead, which is loaded already (the helper adds nothing).
     */
    writeBundle(options, bundle) {
      if (!options.dir || !entryFile) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = path.join(options.dir, chunk.fileName);
        const code = fs.readFileSync(file, 'utf8');
        let next = code;
        for (const css of inlined) next = next.replaceAll(JSON.stringify(css), JSON.stringify(entryFile));
        if (next !== code) fs.writeFileSync(file, next);
      }
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      let entry = '';
      const preloads: string[] = [];
      const source = html.source
        .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          entry = src;
          return '';
        })
        .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
          preloads.push(href);
          return '';
        })
        .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const css = bundle[fileName];
          if (css?.type !== 'asset') return link;
          delete bundle[fileName];
          inlined.push(fileName);
          return `<style>${String(css.source).replaceAll('</style', '<\\/style')}</style>`;
        });
      if (!entry) this.error('index.html has no module entry script');
      // The app itself, which the entry imports once the libraries are evaluated: asked for at once too.
      const entryChunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      entryFile = entryChunk?.fileName ?? '';
      const wanted = new Set(entryChunk?.type === 'chunk' ? entryChunk.dynamicImports : []);
      const appPreloads: string[] = [];
      for (const fileName of wanted) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        if (!preloads.includes(`/${fileName}`)) appPreloads.push(`/${fileName}`);
        for (const dep of chunk.imports) wanted.add(dep);
      }
      html.source = source.replace('</body>', `  <script>${appLoader(entry, preloads, appPreloads)}</script>\n  </body>`);
    },
  };
}

/**
 * The inline loader of paintFirst(): the entry's modulepreload links, the entry, then the app's links,
 * a few per task (each request a link starts costs the main thread about a millisecond on a slow phone).
 */
function appLoader(entry: string, entryPreloads: string[], appPreloads: string[]): string {
  const tags = [...entryPreloads.map((url) => ['link', url]), ['script', entry], ...appPreloads.map((url) => ['link', url])];
  return `
      (() => {
        const tags = ${JSON.stringify(tags)};
        let started = false;
        const add = () => {
          for (const [kind, url] of tags.splice(0, 6)) {
            const tag = document.createElement(kind);
            tag.crossOrigin = '';
            if (kind === 'link') {
              tag.rel = 'modulepreload';
              tag.href = url;
            } else {
              tag.type = 'module';
              tag.src = url;
            }
            document.head.append(tag);
          }
          if (tags.length > 0) setTimeout(add, 0);
        };
        const start = () => {
          if (started) return;
          started = true;
          add();
        };
        requestAnimationFrame(() => setTimeout(start, 0));
        setTimeout(start, 1000);
      })();
    `;
}

/**
 * The modules the app's start imports statically (src/web/app/start.tsx and all it imports, not what it
 * imports lazily): the home route's code. They make one chunk, `start`, instead of the dozens of small
 * ones that automatic splitting makes of the parts shared with lazy pages, each a request and a gzip
 * stream of its own (issue 27.5: the home route's JavaScript at most 150 kB gzip). A lazy page imports
 * from it; it is always loaded first. A module goes whole, with every export any page uses: what only
 * lazy pages read lives in a file of its own (src/shared/messages/premium-pages.ts).
 */
const START = r('./src/web/app/start.tsx');
const SRC = r('./src/');
/** The chunks every page has loaded before its own: the libraries' groups, the app's start, the runtime. */
const FIRST_SCREEN = /(^|\/)assets\/(react-dom|react|query|start|rolldown-runtime)-[\w-]{8}\.js$/;
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const startGraphs = new WeakMap<ModuleGraph, Set<string>>();
function inStartGraph(id: string, graph: ModuleGraph): boolean {
  let seen = startGraphs.get(graph);
  if (!seen) {
    seen = new Set<string>();
    const stack = [START];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      // The app's own modules only: a library's index (lucide-react, radix-ui) names every part of it,
      // of which the build keeps only those used; automatic splitting places those.
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []).filter((dep) => dep.startsWith(SRC)));
    }
    startGraphs.set(graph, seen);
  }
  return seen.has(id);
}

/**
 * react-router 7 exports only its development build (warnings and checks, used by `npm run dev` and the
 * tests); the browser bundle takes the production build it ships next to it.
 */
const productionRouter = { find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') };

export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./public'),
  plugins: [react(), tailwindcss(), paintFirst(), precacheManifest()],
  resolve: {
    alias: [
      { find: '@shared', replacement: r('./src/shared') },
      { find: '@web', replacement: r('./src/web') },
      ...(command === 'build' ? [productionRouter] : []),
    ],
  },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      // A lazy page lists the chunks to fetch with it; those of the first screen (FIRST_SCREEN) are
      // always loaded before any lazy page, so its list leaves them out.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !FIRST_SCREEN.test(dep)) : deps),
    },
    rolldownOptions: {
      output: {
        // The libraries of the first screen in chunks of their own: the browser parses each module
        // script as it arrives, in a task of its own, rather than one 360 kB chunk in one task. Cached
        // apart from the app's own code, they also survive a release that changes only the app.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: (id, graph) => (inStartGraph(id, graph) ? 'start' : null) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/health': 'http://127.0.0.1:3000',
      '/ping': 'http://127.0.0.1:3000',
      // The admin console's live progress (WebSocket).
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
}));
