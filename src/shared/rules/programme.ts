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
 * Every segue lasts exactly this long: the hosts speak 3 to 10 seconds of it and the rest is the breath
 * before the next track (the made audio is fitted to it, features/radio/segues.ts), so a programme's length
 * is known before its segues are spoken.
 */
export const SEGUE_SECONDS = 10;
/** The closing after the last track, fitted the same way. */
export const CLOSING_SECONDS = 8;

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
