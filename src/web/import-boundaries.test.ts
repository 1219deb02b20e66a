import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser's layers (docs/conventions-web.md, "Layers"): shared code flows one way, lib and components ->
 * features -> app. A feature never imports another feature: the app composes them (app/, routes.tsx)
 * with slots, providers or hooks it hands in. Tests may reach anywhere.
 */
const WEB = path.dirname(new URL(import.meta.url).pathname);

/** Every import, export-from and dynamic import specifier of a source text. */
function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.push(m[1]);
  return found;
}

/** Where an import points inside src/web ('features/likes/api/x'), or null when it points outside. */
function resolveInWeb(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@web/')) target = specifier.slice('@web/'.length);
  else if (specifier.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return null;
  return target.startsWith('..') ? null : target;
}

/** The layer a path of src/web belongs to: 'feature:likes', 'components', 'components/ui', 'lib', 'app'... */
function layer(file: string): string {
  const [top, second] = file.split('/');
  if (top === 'features') return `feature:${second}`;
  if (top === 'components' && second === 'ui') return 'components/ui';
  return top;
}

/** Why an import from `fromFile` to `target` crosses a boundary, or null when it is allowed. */
function violation(fromFile: string, target: string): string | null {
  const from = layer(fromFile);
  const to = layer(target);
  if (from.startsWith('feature:') && to.startsWith('feature:') && from !== to) return 'a feature imports another feature';
  const below = ['lib', 'components', 'components/ui'];
  if (below.includes(from) && (to.startsWith('feature:') || to === 'app')) return `${from} imports ${to}`;
  if (from === 'components/ui' && to === 'components') return 'a UI primitive imports a composed component';
  if (from.startsWith('feature:') && to === 'app') return 'a feature imports the app';
  return null;
}

/** All the boundary crossings of the given files (paths relative to src/web, with their text). */
function boundaryViolations(files: { file: string; source: string }[]): string[] {
  const out: string[] = [];
  for (const { file, source } of files) {
    for (const specifier of importSpecifiers(source)) {
      const target = resolveInWeb(file, specifier);
      const why = target && violation(file, target);
      if (why) out.push(`${file} -> ${specifier}: ${why}`);
    }
  }
  return out;
}

/** Radix (the headless primitives) is wrapped once, in components/ui; everything else uses those wrappers. */
function radixOutsideUi(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    layer(file) !== 'components/ui' && importSpecifiers(source).some((s) => s === 'radix-ui' || s.startsWith('@radix-ui/')) ? [file] : [],
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function webFiles(dirs: string[]): { file: string; source: string }[] {
  return dirs.flatMap((d) =>
    sourceFiles(path.join(WEB, d)).map((full) => ({
      file: path.relative(WEB, full).split(path.sep).join('/'),
      source: fs.readFileSync(full, 'utf8'),
    })),
  );
}

/** The files that load a part of a page with React.lazy itself, not through lib/lazy-part.ts (routes.tsx has its own loader). */
const lazyOutsideLazyPart = (files: { file: string; source: string }[]) =>
  files.filter((f) => f.file !== 'lib/lazy-part.ts' && f.file !== 'routes.tsx' && /\blazy\(/.test(f.source)).map((f) => f.file);

describe('import boundaries of src/web', () => {
  it('loads every part after the first paint through lazyPart, which waits for the network offline (and the check can fail)', () => {
    expect(lazyOutsideLazyPart(webFiles(['features', 'components', 'lib', 'app']))).toEqual([]);
    expect(
      lazyOutsideLazyPart([
        { file: 'features/x/components/a.tsx', source: "const A = lazy(async () => ({ default: (await import('./a')).A }));" },
        { file: 'features/x/components/b.tsx', source: "const B = lazyPart(async () => (await import('./b')).B);" },
      ]),
    ).toEqual(['features/x/components/a.tsx']);
  });

  it('has no feature importing another, and nothing below the features importing them', () => {
    const files = webFiles(['features', 'components', 'lib']);
    expect(files.length).toBeGreaterThan(100);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it('#26.6: imports Radix only inside components/ui', () => {
    const files = webFiles(['features', 'components', 'lib', 'app']);
    expect(files.filter((f) => f.file.startsWith('components/ui/') && /from 'radix-ui'/.test(f.source)).length).toBeGreaterThan(5);
    expect(radixOutsideUi(files)).toEqual([]);
  });

  it('#26.6: catches Radix imported by a feature, a composed component or the app, in either package form', () => {
    const found = radixOutsideUi([
      { file: 'features/search/components/tabs.tsx', source: "import { Tabs } from 'radix-ui';" },
      { file: 'components/layout/toggle.tsx', source: "import * as Switch from '@radix-ui/react-switch';" },
      { file: 'app/menu/panel.tsx', source: "import {\n  Dialog,\n} from 'radix-ui';" },
      { file: 'components/ui/tabs.tsx', source: "import { Tabs as RadixTabs } from 'radix-ui';" },
    ]);
    expect(found).toEqual(['features/search/components/tabs.tsx', 'components/layout/toggle.tsx', 'app/menu/panel.tsx']);
  });

  it('catches a feature importing another by alias, by relative path, by re-export and by dynamic import', () => {
    const found = boundaryViolations([
      { file: 'features/search/routes/search.tsx', source: "import { useTracks } from '@web/features/tracks/api/get-tracks';" },
      { file: 'features/likes/components/x.tsx', source: "import { PlaylistCard } from '../../playlists/components/card';" },
      { file: 'features/tracks/components/y.ts', source: "export { LikeButton } from '@web/features/likes/components/like-button';" },
      { file: 'features/users/routes/z.tsx', source: "const m = import('@web/features/profile/routes/my-page');" },
      { file: 'components/ui/button.tsx', source: "import type { X } from '@web/features/premium/api/get-premium-status';" },
      {
        file: 'components/layout/menu.tsx',
        source: "import {\n  PwaSettingsDialog,\n} from '@web/features/pwa/components/pwa-settings-dialog';",
      },
    ]);
    expect(found).toHaveLength(6);
  });

  it('lets a feature import its own files, lib, components and shared code', () => {
    const found = boundaryViolations([
      {
        file: 'features/likes/components/favorites-list.tsx',
        source: [
          "import { useFavorites } from '../api/get-favorites';",
          "import { Button } from '@web/components/ui/button';",
          "import { api } from '@web/lib/api';",
          "import { MESSAGES } from '@shared/messages/api';",
          "import { LikeButton } from '@web/features/likes/components/like-button';",
        ].join('\n'),
      },
      { file: 'app/routes/my-page.tsx', source: "import { FavoritesTab } from '@web/features/likes/components/favorites-tab';" },
    ]);
    expect(found).toEqual([]);
  });
});
