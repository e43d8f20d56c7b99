import { useEffect, useState } from 'react';

/** "2 d 3 h", "1 h 05 min", "4 min 09 s", "9 s"; "now" at or after zero. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'now';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${two(m)} min`;
  if (m > 0) return `${m} min ${two(sec)} s`;
  return `${sec} s`;
}

/**
 * The time left until `target` (ISO), ticking every second while under an hour (every 30 s beyond).
 * `offsetMs` is the server's clock minus this device's (the lock is the server's start time).
 */
export function useCountdown(target: string | undefined, offsetMs = 0): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const left = target ? new Date(target).getTime() - (now + offsetMs) : undefined;
  const step = left !== undefined && left < 3_600_000 ? 1_000 : 30_000;
  useEffect(() => {
    if (!target) return;
    const t = setInterval(() => setNow(Date.now()), step);
    return () => clearInterval(t);
  }, [target, step]);
  return left;
}
