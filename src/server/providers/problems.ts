/**
 * Settings a provider found wrong on first contact (e.g. GEMINI_MODEL naming a model Google has shut
 * down: 404 NOT_FOUND), process-wide: /health lists them and the operator console's 監視 shows them.
 * A later successful call clears its setting's entry.
 */
export interface SettingProblem {
  /** The environment variable the operator changes. */
  setting: string;
  provider: string;
  /** Japanese, for the operator. */
  message: string;
  since: string;
}

const problems = new Map<string, SettingProblem>();

export function reportSettingProblem(setting: string, provider: string, message: string, at = new Date()) {
  const held = problems.get(setting);
  problems.set(setting, { setting, provider, message, since: held?.message === message ? held.since : at.toISOString() });
}

export function clearSettingProblem(setting: string) {
  problems.delete(setting);
}

export function settingProblems(): SettingProblem[] {
  return [...problems.values()];
}

/** Settings whose problems are held by another process (the render helper) and mirrored here. */
const mirrored = new Set<string>();

/**
 * Keeps this process's list in step with the problems the render helper reports with each reply (a
 * voice's setting, such as GEMINI_TTS_MODEL, is found wrong there): its settings only, so one it no
 * longer reports is cleared here and the main process's own (GEMINI_MODEL) are left alone.
 */
export function mirrorSettingProblems(theirs: readonly SettingProblem[]) {
  for (const setting of mirrored)
    if (!theirs.some((p) => p.setting === setting)) {
      problems.delete(setting);
      mirrored.delete(setting);
    }
  for (const p of theirs) {
    problems.set(p.setting, p);
    mirrored.add(p.setting);
  }
}
