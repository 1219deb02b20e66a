// Prints the offline writer's figures (issue 25.1) for the fixture texts, or for a text file given:
//   npx tsx scripts/dialogue-figures.ts [file.txt [title]]
import { readFileSync } from 'node:fs';
import { figuresOf } from '../src/server/features/creation/writer/checks';
import { writeWith } from '../src/server/features/creation/writer/index';
import { loadTokenizer } from '../src/server/providers/japanese/index';
import { FIXTURES } from '../src/server/test/data/writer-texts';

const [file, title] = process.argv.slice(2);
const texts = file ? [{ key: file, title: title ?? 'テキスト', text: readFileSync(file, 'utf8') }] : FIXTURES;
const tk = await loadTokenizer();
const pct = (n: number) => `${Math.round(n * 100)}%`;
for (const f of texts) {
  const script = writeWith(tk, f.text, f.title);
  const g = figuresOf(script, f.text, tk);
  const shares = Object.entries(g.shares)
    .map(([who, s]) => `${who} ${pct(s)}`)
    .join(', ');
  console.log(
    `${f.key}: ${g.lines} lines, switch ${pct(g.switchRate)}, ${shares}, key terms ${pct(g.coverage)} of ${g.keyTerms}, questions ${g.questions} (${g.textQuestions} in the text's words), duplicates ${g.duplicates}, ${Math.round(g.seconds)} s`,
  );
}
