import type { FactCheck } from '../../../shared/schemas/creation';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { LlmProvider, ScriptDraft } from '../../providers/llm/types';
import { detectedClaims, modelFactCheck } from './fact-check/model';
import { offlineRewrite, offlineScript } from './offline-script';
import {
  answersFor,
  catalogueLabels,
  checkedDraftAsk,
  checkedRewriteAsk,
  type DraftInput,
  draftAsk,
  factCheckAsk,
  type RewriteInput,
  rewriteAsk,
  SCRIPT_TEMPERATURE,
  SCRIPT_WRITER,
} from './script-prompt';

/**
 * The member's (or the console's) text as a script in its shape (issue 39.2) with its fact check and labels (decision
 * 0038): a model that searches writes the script, then checks it grounded in its search; one that cannot
 * checks what it wrote in the same answer; without a model, the offline writer writes and checks it.
 */
export async function writeScript(llm: LlmProvider, japanese: JapaneseEngine, input: DraftInput): Promise<ScriptDraft> {
  if (!llm.structured) return offlineScript(japanese, input);
  const ask = { instructions: SCRIPT_WRITER, temperature: SCRIPT_TEMPERATURE };
  const { ScriptAnswer, DraftAnswer } = answersFor(input.format);
  if (llm.checkFacts) {
    const draft = await llm.structured({ ...ask, prompt: draftAsk(input), schema: ScriptAnswer });
    return {
      title: input.title || draft.title,
      script: draft.script,
      labels: catalogueLabels(draft.labels),
      factCheck: await llm.checkFacts({
        prompt: factCheckAsk(input.inputText, draft.script),
        script: draft.script,
        detected: await detectedClaims(japanese, draft.script),
      }),
    };
  }
  const draft = await llm.structured({ ...ask, prompt: checkedDraftAsk(input), schema: DraftAnswer });
  return {
    ...draft,
    title: input.title || draft.title,
    labels: catalogueLabels(draft.labels),
    factCheck: await modelFactCheck(japanese, draft.script, draft.factCheck),
  };
}

/** The script rewritten to address the fact check's issues, with its new check (the same three ways). */
export async function rewriteScript(
  llm: LlmProvider,
  japanese: JapaneseEngine,
  input: RewriteInput,
): Promise<{ script: string; factCheck: FactCheck }> {
  if (!llm.structured) return offlineRewrite(japanese, input);
  const ask = { instructions: SCRIPT_WRITER, temperature: SCRIPT_TEMPERATURE };
  const { RewrittenScript, RewriteAnswer } = answersFor(input.format);
  if (llm.checkFacts) {
    const { script } = await llm.structured({ ...ask, prompt: rewriteAsk(input), schema: RewrittenScript });
    return {
      script,
      factCheck: await llm.checkFacts({
        prompt: factCheckAsk(input.inputText, script),
        script,
        detected: await detectedClaims(japanese, script),
      }),
    };
  }
  const rewritten = await llm.structured({ ...ask, prompt: checkedRewriteAsk(input), schema: RewriteAnswer });
  return { script: rewritten.script, factCheck: await modelFactCheck(japanese, rewritten.script, rewritten.factCheck) };
}
