/**
 * How long the offline voice (eSpeak NG at rate 1.0) takes to say a script, in seconds, estimated from
 * its text: a kanji is read as about two kana, each pause mark and each change of line adds a pause.
 * Fitted to the real voice on two texts of 2,000 characters (a kana-rich essay and a kanji-rich one):
 * 0.10 s a kana, 0.22 s a kanji or pause mark, 0.4 s a line (decision 0014).
 */
export function speechSeconds(script: string): number {
  let s = 0;
  for (const line of script.split('\n')) {
    const text = line.replace(/^[^：:\n]{1,10}[：:]/, '');
    if (!text.trim()) continue;
    const kanji = (text.match(/[\u4e00-\u9faf々〆]/g) ?? []).length;
    const marks = (text.match(/[、。！？!?，．,.]/g) ?? []).length;
    const rest = [...text.replace(/\s/g, '')].length - kanji - marks;
    s += 0.1 * rest + 0.22 * (kanji + marks) + 0.4;
  }
  return s;
}

/**
 * A script longer than this is condensed: the issue asks for 3 to 5 minutes of speech from a long
 * input. Condensing fills up to TARGET, the middle of the range, so another voice or rate than the
 * fitted one still lands inside it.
 */
export const SPEECH_LIMITS = { max: 285, target: 240 } as const;
