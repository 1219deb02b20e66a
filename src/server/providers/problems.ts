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

/**
 * The model a setting names and the one the API says answered (Gemini's `modelVersion`), process-wide:
 * a retired id may be served by another model instead of failing (Google routes gemini-2.5-flash to
 * gemini-3.5-flash-lite since its shutdown), which only this tells. /health lists them (`models`).
 */
export interface ServedModel {
  setting: string;
  provider: string;
  /** The id the setting names. */
  asked: string;
  /** The id the API answered with. */
  served: string;
  since: string;
}

const served = new Map<string, ServedModel>();

/** Whether the answering model is the one asked for: the same id, one of its versions (`…-001`), or any behind a `-latest` alias. */
export function isSameModel(asked: string, answered: string): boolean {
  const a = asked.replace(/^models\//, '');
  const s = answered.replace(/^models\//, '');
  return s === a || s.startsWith(`${a}-`) || a.endsWith('-latest');
}

/** One line in the server's log format (JSON in production, as main.ts writes its own). */
function logLine(level: 30 | 40, msg: string, fields: Record<string, string>) {
  const line =
    process.env.NODE_ENV === 'production'
      ? JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...fields })
      : `[mugen] ${msg}`;
  if (level === 40) console.warn(line);
  else console.info(line);
}

/**
 * Notes the model that answered a call of `setting` (logged when it changes). Another model than the
 * one asked for is also a problem of the setting: the operator names a current model.
 */
export function noteServedModel(setting: string, provider: string, asked: string, answered: string, at = new Date()) {
  const held = served.get(setting);
  const same = isSameModel(asked, answered);
  if (held?.asked !== asked || held.served !== answered) {
    served.set(setting, { setting, provider, asked, served: answered, since: at.toISOString() });
    logLine(same ? 30 : 40, `${setting}=${asked} is answered by ${answered}`, { setting, asked, served: answered });
  }
  if (!same)
    reportSettingProblem(
      setting,
      provider,
      `${setting}「${asked}」には別のモデル ${answered} が答えています（提供終了したモデル名が別のモデルに回されています）。現行のモデルを ${setting} に設定してください`,
      at,
    );
}

export function servedModels(): ServedModel[] {
  return [...served.values()];
}

/** The models the render helper's calls were answered by (GEMINI_TTS_MODEL), kept here for /health. */
export function mirrorServedModels(theirs: readonly ServedModel[]) {
  for (const m of theirs) served.set(m.setting, m);
}
