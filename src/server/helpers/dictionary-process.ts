// The dictionary's helper process, started by providers/japanese/helper.ts. Like app.ts, it is a
// composition root: it puts kuromoji (the provider's analyser) together with the creation feature's pure
// functions that need its tokens synchronously (the offline writer, the claim detector), so that no
// provider imports a feature (decision 0043). Kuromoji's dictionary (about 280 MB) lives here, not in the web
// process, so its collections never pause the event loop (issue 27.3) and the process, with every page it
// held, goes when nothing is asked of it for a while (issue 27.2). It answers every question the web
// process (and its in-app task workers) ask of the dictionary: search readings, the support chat's words,
// the voice's kana, the offline writer's script and the offline fact check's claims.
import { detectClaimsWith } from '../features/creation/fact-check/claims';
import { writeWith } from '../features/creation/writer/index';
import { helperPort } from '../lib/helper-process';
import type { DictionaryAnswers, DictionaryJob, DictionaryReply } from '../providers/japanese/dictionary-questions';
import { contentWordsWith } from '../providers/japanese/forms';
import { toKana } from '../providers/japanese/kana';
import { loadTokenizer } from '../providers/japanese/tokenizer';

async function answer(job: DictionaryJob): Promise<DictionaryAnswers[DictionaryJob['kind']]> {
  const tk = await loadTokenizer();
  switch (job.kind) {
    case 'readings':
      // A word without a reading counts as written.
      return job.texts.map((text) =>
        tk
          .tokenize(text)
          .map((t) => (t.reading && t.reading !== '*' ? t.reading : t.surface_form))
          .join(''),
      );
    case 'words':
      return job.texts.map((text) => contentWordsWith(tk, text));
    case 'kana':
      return Promise.all(job.texts.map((text) => toKana(text, job.dictionary)));
    case 'dialogue':
      return writeWith(tk, job.inputText, job.title, { format: job.format ?? 'dialogue', length: job.length ?? 'standard' });
    case 'claims':
      return detectClaimsWith(tk, job.script);
  }
}

const port = helperPort<DictionaryJob, DictionaryReply>('mugen-dictionary');
port.onJob(async (job) => {
  try {
    port.reply({ id: job.id, result: await answer(job) });
  } catch (e) {
    port.reply({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
