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
 * A file that declares tables (issue 38.3): `features/<name>/tables.ts`, `jobs/tables.ts` (the task
 * queue) or `db/tables/<name>.ts` (the database layer's own and its column helpers). Each is re-exported
 * by `db/schema.ts`, the one file drizzle-kit reads.
 */
const isTablesFile = (file: string) => /^server\/(features\/[^/]+\/tables|jobs\/tables|db\/tables\/[^/]+)\.ts$/.test(file);

/**
 * The one exception to "another feature only through its public module": a foreign key names the
 * other feature's table, so a tables file imports another tables file directly (the reference is the
 * schema, not a use of the feature's rules), and the schema barrel imports every tables file.
 */
const isTableReference = ({ from, to }: { from: string; to: string }) =>
  isTablesFile(to) && (isTablesFile(from) || from === 'server/db/schema.ts');

/**
 * Imports from one feature into another that do not go through the other's public module
 * (`features/<name>/public.ts`, docs/architecture.md). Tests may reach anywhere.
 */
function crossingsPastPublic(edges: { from: string; to: string }[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const a = topFeatureOf(from);
      const b = topFeatureOf(to);
      return (
        a !== null && b !== null && a !== b && !isTest(from) && to !== `server/features/${b}/public.ts` && !isTableReference({ from, to })
      );
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** What a tables file imports besides drizzle, src/shared and other tables files: nothing is allowed. */
function tablesImportingMore(imports: { from: string; to: string }[]): string[] {
  return imports
    .filter(({ from, to }) => isTablesFile(from) && !isTablesFile(to) && !to.startsWith('shared/') && !/^drizzle-orm(\/|$)/.test(to))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Each table's SQL name and the file that declares it, read from the table declarations of src/server (tests aside). */
function declaredTables(): { file: string; table: string }[] {
  return sourceFiles(path.join(SRC, 'server')).flatMap((full) => {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    if (isTest(file)) return [];
    const source = fs.readFileSync(full, 'utf8');
    return [...source.matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((m) => ({ file, table: m[1] }));
  });
}

/**
 * Imports from a provider into a feature (issue 38.2): a provider is an adapter to an outside service or
 * engine; what it runs of the product (the offline writer, the claim detector) is composed with it outside
 * the providers (server/helpers/dictionary-process.ts, decision 0043). Tests may reach anywhere.
 */
function providersIntoFeatures(edges: { from: string; to: string }[]): string[] {
  return edges
    .filter(({ from, to }) => from.startsWith('server/providers/') && !isTest(from) && to.startsWith('server/features/'))
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
    const crossings = edges.filter(
      ({ from, to }) =>
        from.startsWith('server/db/') && !isTest(from) && to.startsWith('server/features/') && !isTableReference({ from, to }),
    );
    expect(crossings).toEqual([]);
  });

  it('#38.3 a tables file imports only drizzle, src/shared and other tables files (nothing else of a feature)', () => {
    const imports = [...graph.keys()].filter(isTablesFile).flatMap((from) => {
      const source = fs.readFileSync(path.join(SRC, from), 'utf8');
      const known = new Set(graph.keys());
      return importSpecifiers(source).map((s) => ({ from, to: resolveInSrc(from, s, known) ?? s }));
    });
    expect(imports.length).toBeGreaterThan(40);
    expect(tablesImportingMore(imports)).toEqual([]);
  });

  it('#38.3 finds a tables file importing more, and a crossing past public.ts that is not a table reference (the checks can fail)', () => {
    expect(
      tablesImportingMore([
        { from: 'server/features/likes/tables.ts', to: 'drizzle-orm/pg-core' },
        { from: 'server/features/likes/tables.ts', to: 'server/features/users/tables.ts' },
        { from: 'server/features/likes/tables.ts', to: 'server/db/tables/columns.ts' },
        { from: 'server/features/likes/tables.ts', to: 'shared/schemas/creation.ts' },
        { from: 'server/features/likes/tables.ts', to: 'server/features/likes/queries.ts' },
        { from: 'server/features/likes/tables.ts', to: 'server/features/users/public.ts' },
        { from: 'server/jobs/tables.ts', to: 'server/jobs/queue.ts' },
        { from: 'server/features/likes/tables.ts', to: 'zod' },
      ]),
    ).toEqual([
      'server/features/likes/tables.ts -> server/features/likes/queries.ts',
      'server/features/likes/tables.ts -> server/features/users/public.ts',
      'server/jobs/tables.ts -> server/jobs/queue.ts',
      'server/features/likes/tables.ts -> zod',
    ]);
    expect(
      crossingsPastPublic([
        { from: 'server/features/likes/tables.ts', to: 'server/features/users/tables.ts' },
        { from: 'server/features/likes/service.ts', to: 'server/features/users/tables.ts' },
        { from: 'server/features/likes/tables.ts', to: 'server/features/users/queries.ts' },
      ]),
    ).toEqual([
      'server/features/likes/service.ts -> server/features/users/tables.ts',
      'server/features/likes/tables.ts -> server/features/users/queries.ts',
    ]);
  });

  it('#38.3 each table is declared once, in a tables file, and docs/architecture.md names its owner', () => {
    const declared = declaredTables();
    expect(declared.length).toBe(32);
    expect(declared.filter(({ file }) => !isTablesFile(file))).toEqual([]);
    expect(new Set(declared.map(({ table }) => table)).size).toBe(declared.length);
    const actual = declared.map(({ file, table }) => `${table}: ${file}`).sort();
    const page = fs.readFileSync(path.join(SRC, '../docs/architecture.md'), 'utf8');
    const section = page.split('## Who owns which table')[1]?.split('\n## ')[0] ?? '';
    const written = [...section.matchAll(/^\| [^|]+ \| `src\/([^`]+)` \| ([^|]+) \|$/gm)]
      .flatMap((m) => m[2].split(',').map((t) => `${t.trim().replace(/`/g, '')}: ${m[1]}`))
      .sort();
    expect(written).toEqual(actual);
  });

  it('#26.3 the HTTP layer (server/http) imports no feature', () => {
    const crossings = edges.filter(({ from, to }) => from.startsWith('server/http/') && !isTest(from) && to.startsWith('server/features/'));
    expect(crossings).toEqual([]);
  });

  it("#38.2 a provider (server/providers) imports no feature: the product's words live with the features", () => {
    expect(providersIntoFeatures(edges)).toEqual([]);
  });

  it('#38.2 finds a provider importing a feature when there is one (the check can fail)', () => {
    expect(
      providersIntoFeatures([
        { from: 'server/providers/japanese/helper.ts', to: 'server/features/creation/writer/index.ts' },
        { from: 'server/helpers/dictionary-process.ts', to: 'server/features/creation/writer/index.ts' },
        { from: 'server/providers/llm/gemini.test.ts', to: 'server/features/creation/fact-check/model.ts' },
      ]),
    ).toEqual(['server/providers/japanese/helper.ts -> server/features/creation/writer/index.ts']);
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
      // A foreign key is not a use of the other feature (the table below, "Who owns which table").
      if (isTableReference({ from, to })) {
        if (!used.has(a)) used.set(a, new Set());
        continue;
      }
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
