import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/conventions.md, "Layers"), read from the import statements of the source:
 * no import cycle anywhere in src; the database layer (schema, client, backup) and the HTTP layer know
 * no feature; a feature's service never imports another feature's service (what several features read
 * lives in `<feature>/queries.ts`). Type-only imports count like the others: a cycle of types is still
 * a cycle a newcomer has to untangle. Tests may reach anywhere, except into a cycle.
 */
const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Every import, export-from and dynamic import specifier of a source text, as TypeScript reads them. */
function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file of src an import points to ('server/features/users/queries.ts'), or null for a package. */
function resolveInSrc(fromFile: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith('@shared/')) base = `shared/${specifier.slice('@shared/'.length)}`;
  else if (specifier.startsWith('@web/')) base = `web/${specifier.slice('@web/'.length)}`;
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** The import graph of src: each file (relative to src, with '/') and the files of src it imports. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC).map((full) => path.relative(SRC, full).split(path.sep).join('/'));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(SRC, file), 'utf8');
    const targets = importSpecifiers(source)
      .map((s) => resolveInSrc(file, s, known))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): the cycles. */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('server/test/');
const featureOf = (file: string) => /^server\/features\/(.+)\/[^/]+$/.exec(file)?.[1] ?? null;
const isService = (file: string) => /^server\/features\/.+\/service\.ts$/.test(file);
/** The feature a file belongs to: the first folder under server/features ('admin' for admin/themes/...). */
const topFeatureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Imports from one feature into another that do not go through the other's public module
 * (`features/<name>/public.ts`, docs/architecture.md). Tests may reach anywhere.
 */
function crossingsPastPublic(edges: { from: string; to: string }[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const a = topFeatureOf(from);
      const b = topFeatureOf(to);
      return a !== null && b !== null && a !== b && !isTest(from) && to !== `server/features/${b}/public.ts`;
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

describe('the layers of src (#26.4, #26.8)', () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

  it('#26.4 has no import cycle in src (type-only imports included)', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph)).toEqual([]);
  });

  it('#26.4 finds a cycle when there is one (the check can fail)', () => {
    const withCycle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(withCycle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('#26.8 the database layer (server/db) imports no feature', () => {
    const crossings = edges.filter(({ from, to }) => from.startsWith('server/db/') && !isTest(from) && to.startsWith('server/features/'));
    expect(crossings).toEqual([]);
  });

  it('#26.3 the HTTP layer (server/http) imports no feature', () => {
    const crossings = edges.filter(({ from, to }) => from.startsWith('server/http/') && !isTest(from) && to.startsWith('server/features/'));
    expect(crossings).toEqual([]);
  });

  it('#38.1 a feature imports another feature only through its public module (features/<name>/public.ts)', () => {
    expect(crossingsPastPublic(edges)).toEqual([]);
  });

  it('#38.5 docs/architecture.md lists, for each feature, exactly the features whose public modules it uses', () => {
    const used = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = topFeatureOf(from);
      const b = topFeatureOf(to);
      if (a === null || isTest(from)) continue;
      const set = used.get(a) ?? new Set<string>();
      used.set(a, set);
      if (b !== null && b !== a) set.add(b);
    }
    const actual = [...used].map(([a, set]) => `${a}: ${[...set].sort().join(', ') || '—'}`).sort();
    const page = fs.readFileSync(path.join(SRC, '../docs/architecture.md'), 'utf8');
    const section = page.split('## Which features each feature uses')[1]?.split('\n## ')[0] ?? '';
    const written = [...section.matchAll(/^\| ([a-z-]+) \| ([^|]+) \|$/gm)].map((m) => `${m[1]}: ${m[2].trim()}`).sort();
    expect(written).toEqual(actual);
  });

  it('#38.1 finds an import past a public module when there is one (the check can fail)', () => {
    expect(
      crossingsPastPublic([
        { from: 'server/features/feeds/routes.ts', to: 'server/features/tracks/public.ts' },
        { from: 'server/features/feeds/routes.ts', to: 'server/features/tracks/queries.ts' },
        { from: 'server/features/admin/themes/generation.ts', to: 'server/features/admin/audio/files.ts' },
        { from: 'server/features/feeds/feeds.test.ts', to: 'server/features/tracks/queries.ts' },
      ]),
    ).toEqual(['server/features/feeds/routes.ts -> server/features/tracks/queries.ts']);
  });

  it('#26.4 a service never imports another feature’s service (what features share is in queries.ts)', () => {
    const crossings = edges
      .filter(({ from, to }) => isService(from) && isService(to) && featureOf(from) !== featureOf(to))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(crossings).toEqual([]);
  });
});
