import { useCallback, useEffect, useState } from 'react';
import { SMS_CODE } from '../../../shared/contract/repayment-card.ts';

/**
 * The SMS button's countdown (spec §4, §9): started with the seconds to wait, it says how many are
 * left, one less each tick, and 0 when sending is allowed again. Counted from an end time rather than
 * by ticks: a web view sent to the background stops its timers, and on return the button must show the
 * time really left, not resume where it froze.
 */
export function useCountdown(tickMs: number = SMS_CODE.tickMs) {
  const [end, setEnd] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (end === null) return;
    const update = () => {
      const seconds = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setEnd(null);
    };
    const timer = setInterval(update, tickMs);
    return () => clearInterval(timer);
  }, [end, tickMs]);

  const start = useCallback((seconds: number = SMS_CODE.resendSeconds) => {
    setLeft(seconds);
    setEnd(Date.now() + seconds * 1000);
  }, []);

  return { left, counting: left > 0, start };
}
