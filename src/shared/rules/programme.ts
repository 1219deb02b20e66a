/**
 * あと N 分 (issue 28.1, decision 0034): the time budgets a listener may ask for, how close the programme
 * ends to it, and how long the hosts' segues and the closing are planned to be. One source for the
 * server's picker and validation and the player's control.
 */
export const PROGRAMME_PRESETS = [5, 15, 30, 60] as const;
export const PROGRAMME_MINUTES = { min: 5, max: 120 } as const;
/** The programme ends within this many seconds of the budget, either side. */
export const PROGRAMME_TOLERANCE_SECONDS = 30;
/**
 * The hosts' talk absorbs what the tracks leave between them and the budget (issue 40.1, decision 0046):
 * each segue lasts 3 to 15 s (8 s when nothing needs absorbing), the opening before the first track and the
 * closing after the last 5 to 60 s; every length a whole number of seconds, spoken at about that length
 * (the words are written for it and the audio fitted to it, features/radio/segues.ts).
 */
export const SEGUE_SECONDS = { min: 3, usual: 8, max: 15 } as const;
export const OPENING_SECONDS = { min: 5, usual: 12, max: 60 } as const;
export const CLOSING_SECONDS = { min: 5, usual: 8, max: 60 } as const;
/**
 * What a plan keeps of the tolerance for the made audio's measured seconds (each within an MP3 frame of
 * its planned length): a plan ends within 28 s of the budget, the programme as answered within 30 s.
 */
export const PLAN_MARGIN_SECONDS = 2;
/** A programme kept in the browser comes back after a reload within this long of its last save. */
export const PROGRAMME_KEPT_MS = 6 * 60 * 60_000;
/** A segue whose making failed for good is asked for again by a programme after this long. */
export const SEGUE_RETRY_AFTER_MS = 10 * 60_000;

export const PROGRAMME_MESSAGES = {
  minutesRange: `${PROGRAMME_MINUTES.min}〜${PROGRAMME_MINUTES.max}分の整数で入力してください`,
  tooFewTracks: (maxMinutes: number) =>
    maxMinutes >= PROGRAMME_MINUTES.min
      ? `いま聴けるトラックで作れる番組は最長${maxMinutes}分です`
      : 'いま聴けるトラックが足りず、番組を作れません',
  segueNotFound: 'つなぎの音声が見つかりません',
  /** The titles the player shows while the hosts speak. */
  segueTitle: (nextTitle: string) => `つなぎ：次は「${nextTitle}」`,
  closingTitle: 'クロージング',
  openingTitle: 'オープニング',
} as const;

/** The listener's custom value: null when it is a whole number of minutes in range, else the message. */
export function programmeMinutesProblem(value: string): string | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return PROGRAMME_MESSAGES.minutesRange;
  const n = Number(text);
  return n >= PROGRAMME_MINUTES.min && n <= PROGRAMME_MINUTES.max ? null : PROGRAMME_MESSAGES.minutesRange;
}

/** The programme's path for a budget, one source for the route's callers. */
export const programmePath = (minutes: number) => `/api/radio/programme?minutes=${minutes}`;
export const segueAudioPath = (segueId: number) => `/api/radio/segues/${segueId}/audio`;
