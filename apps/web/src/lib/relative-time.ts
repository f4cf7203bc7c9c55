import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, the way the feed says it: 'À l'instant', then minutes, hours, days. */
export function relativeTime(date: Date | string, now: number = Date.now()): string {
  // A clock slightly ahead of ours would give a negative age: that is still "just now".
  const age = Math.max(0, now - new Date(date).getTime());
  if (age < MINUTE) return "À l'instant";
  if (age < HOUR) return `il y a ${Math.floor(age / MINUTE)} min`;
  if (age < DAY) return `il y a ${Math.floor(age / HOUR)} h`;
  return `il y a ${Math.floor(age / DAY)} j`;
}

/** The current time, refreshed every minute so relative times move on while the page stays open. */
export function useNow(intervalMs = MINUTE): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
