import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text a person reads comes from the message catalogue (src/shared/messages/*.ts, and the
 * messages of src/shared/rules): no Japanese in string literals, templates, JSX text or regular
 * expressions of the browser's code (a regex over a server message decides by its wording, which the
 * catalogue owns; decide by status or a named field instead). Comments may be Japanese (the parser
 * skips them). Tests and their fixtures are exempt.
 */
const WEB = path.dirname(new URL(import.meta.url).pathname);
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

function japaneseLiterals(file: string, source: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const text =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node) ||
      ts.isRegularExpressionLiteral(node)
        ? node.text
        : null;
    if (text && JAPANESE.test(text)) {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push(`${file}:${line + 1}: ${text.trim().slice(0, 40)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== 'test-support.ts' ? [full] : [];
  });
}

describe('the message catalogue', () => {
  it('holds every Japanese text of src/web: no literal in a route, component or hook', () => {
    const files = sourceFiles(WEB);
    expect(files.filter((f) => f.endsWith('.tsx')).length).toBeGreaterThan(80);
    const found = files.flatMap((f) => japaneseLiterals(path.relative(WEB, f), fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds Japanese in JSX text, attributes, strings, templates and regular expressions, and not in comments', () => {
    const source = [
      '// 日本語のコメント',
      '/** 説明 */',
      'export const A = () => <p title="題">本文</p>;',
      "const b = 'お気に入り';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const c = (n: number) => `${n}件`;',
      'const d = (m: string) => /ユーザーID/.test(m);',
    ].join('\n');
    expect(japaneseLiterals('x.tsx', source)).toHaveLength(5);
  });
});
