import { useCallback, useEffect, useState } from 'react';

/**
 * An SMS code button's wait (spec §4, §9: 60 s, ticking each second), for every screen that sends a
 * code (card repayment, registration). It counts to an end time rather than counting ticks: a phone
 * that puts the page in the background stops its timers, and on return the button must show the time
 * really left, not resume where it froze.
 */
export function useCountdown(tickMs = 1000) {
  const [end, setEnd] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (end === null) return;
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setEnd(null);
    }, tickMs);
    return () => clearInterval(timer);
  }, [end, tickMs]);

  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setEnd(Date.now() + seconds * 1000);
  }, []);

  return { left, counting: left > 0, start };
}
