/** One line of a track's transcript; times are null for a track made before timings were kept. */
export interface TranscriptLine {
  speaker: string;
  text: string;
  startMs: number | null;
  endMs: number | null;
  /** The line in katakana as the voice spoke it (issue 37.2); a script's line has none until it is read. */
  reading?: string;
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

/**
 * For each line of a script (split on `\n`), the index of the transcript line that says it, or null for
 * a line with nothing to say (empty, or a label alone): the transcript skips those, as scriptLines does.
 */
export function transcriptIndexes(script: string): (number | null)[] {
  let at = 0;
  return script.split('\n').map((raw) => {
    const m = LABEL.exec(raw);
    return (m ? m[2] : raw).trim() ? at++ : null;
  });
}

/** Claims pinned to script lines, re-pinned to the transcript's lines (a claim on a line it skips is dropped). */
export function claimsOnTranscript<T extends { line: number }>(script: string, claims: readonly T[]): T[] {
  const indexes = transcriptIndexes(script);
  return claims.flatMap((c) => {
    const line = indexes[c.line];
    return line === null || line === undefined ? [] : [{ ...c, line }];
  });
}
