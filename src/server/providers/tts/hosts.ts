import { HOST_NAMES, type HostName } from '../../../shared/constants';

/**
 * The two hosts of every Mugen talk track and how the offline voice speaks them: ハルカ a higher,
 * livelier female voice, ケンタ a lower, calmer male one, so a listener hears two people talking.
 * Pitch and range are eSpeak's 0-100 scales (50 is the voice's default).
 */
export interface HostVoice {
  voice: string;
  pitch: number;
  range: number;
  /** Multiplies the requested speaking rate. */
  pace: number;
}

export const HOSTS = {
  ハルカ: { voice: 'ja+f2', pitch: 62, range: 72, pace: 1.03 },
  ケンタ: { voice: 'ja', pitch: 56, range: 58, pace: 0.97 },
} as const satisfies Record<HostName, HostVoice>;

export type { HostName };

const HOST_ORDER = HOST_NAMES;

export interface DialogueLine {
  speaker: string;
  text: string;
  voice: HostVoice;
  /** The host whose voice speaks the line (a guest speaker borrows one). */
  host: HostName;
}

const LABEL = /^\s*([^\s：:]{1,10})[：:]\s*(.*)$/;

/**
 * The lines of a script ("ハルカ：…" per line). A speaker with another name takes the voice of the
 * host in the order speakers first appear; a line without a label continues with the last speaker.
 */
export function parseDialogue(script: string): DialogueLine[] {
  const seen = new Map<string, HostName>();
  const hostOf = (speaker: string): HostName => {
    if (speaker in HOSTS) return speaker as HostName;
    const known = seen.get(speaker);
    if (known) return known;
    const host = HOST_ORDER[seen.size % HOST_ORDER.length];
    seen.set(speaker, host);
    return host;
  };
  const lines: DialogueLine[] = [];
  let last = HOST_ORDER[0] as string;
  for (const raw of script.split('\n')) {
    const m = LABEL.exec(raw);
    const speaker = m ? m[1] : last;
    const text = (m ? m[2] : raw).trim();
    if (!text) continue;
    last = speaker;
    const host = hostOf(speaker);
    lines.push({ speaker, text, voice: HOSTS[host], host });
  }
  return lines;
}
