import type { FactCheck } from '../../../shared/schemas/creation';

export interface ScriptDraft {
  script: string;
  title: string;
  factCheck: FactCheck;
  labels: string[];
}

/** Writes and checks two-host scripts. One small interface: offline by default, real models behind it. */
export interface LlmProvider {
  readonly name: string;
  writeScript(input: { inputText: string; title?: string }): Promise<ScriptDraft>;
  rewriteScript(input: { inputText: string; originalScript: string; issues: string[] }): Promise<{ script: string; factCheck: FactCheck }>;
}
