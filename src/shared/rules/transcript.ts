/** One line of a track's transcript; times are null for a track made before timings were kept. */
export interface TranscriptLine {
  speaker: string;
  text: string;
  startMs: number | null;
  endMs: number | null;
}

const LABEL = /^\s*([^\s：:]{1,10})[：:]\s*(.*)$/;

/** The lines of a stored script ("ハルカ：…" per line), without timings. */
export function scriptLines(script: string): TranscriptLine[] {
  let last = '';
  const lines: TranscriptLine[] = [];
  for (const raw of script.split('\n')) {
    const m = LABEL.exec(raw);
    const text = (m ? m[2] : raw).trim();
    if (!text) continue;
    last = m ? m[1] : last;
    lines.push({ speaker: last, text, startMs: null, endMs: null });
  }
  return lines;
}

/** The index of the line being spoken at `ms` (the last line started), or -1 before the first. */
export function lineAt(lines: readonly TranscriptLine[], ms: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i].startMs;
    if (start === null || start > ms) break;
    found = i;
  }
  return found;
}
