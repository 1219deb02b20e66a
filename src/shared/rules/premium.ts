const DAY_MS = 86_400_000;

/** Days of premium left, rounded up and never below 0 (listener spec §3, premium status). */
export function daysRemaining(endDate: Date | string | null | undefined, now: Date = new Date()): number {
  if (!endDate) return 0;
  const end = typeof endDate === 'string' ? new Date(endDate) : endDate;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
