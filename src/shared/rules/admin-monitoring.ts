/** Figures of the console's monitoring page (creator-operator spec §2.4). */

/** Health every 30 s and ping every 10 s (spec §9). */
export const HEALTH_REFETCH_MS = 30_000;
export const PING_REFETCH_MS = 10_000;

/** An uptime in seconds as days, hours, minutes and seconds, leading zeros left out: 「1日 2時間 3分 4秒」. */
export function formatUptime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days}日`);
  if (days || hours) parts.push(`${hours}時間`);
  if (days || hours || minutes) parts.push(`${minutes}分`);
  parts.push(`${seconds}秒`);
  return parts.join(' ');
}

/** The share of memory in use, 0 to 100, whole percent. */
export function memoryPercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}
