import { useEffect, useRef } from 'react';

export interface ScrollPagingOptions {
  /** Fraction of the page height that triggers the next page (spec §9: 0.8). */
  trigger: number;
  /** At most one check per this many ms (spec §9: 150). */
  throttleMs: number;
  enabled: boolean;
  onNext: () => void;
}

/**
 * Calls onNext when the bottom of the viewport passes `trigger` of the page's
 * scroll height, checking at most once per `throttleMs`. Also checks after
 * each render, so a page too short to scroll still fills up.
 */
export function useScrollPaging({ trigger, throttleMs, enabled, onNext }: ScrollPagingOptions) {
  const latest = useRef({ enabled, onNext, trigger });
  useEffect(() => {
    latest.current = { enabled, onNext, trigger };
  });

  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const { enabled: on, onNext: next, trigger: at } = latest.current;
      if (!on) return;
      const height = document.documentElement.scrollHeight;
      if (window.scrollY + window.innerHeight >= height * at) next();
    };
    const onScroll = () => {
      const now = Date.now();
      if (now - last >= throttleMs) {
        last = now;
        check();
      } else {
        clearTimeout(timer);
        timer = setTimeout(() => {
          last = Date.now();
          check();
        }, throttleMs - (now - last));
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [throttleMs]);

  // After new content renders, a short page may already be past the trigger.
  useEffect(() => {
    if (!enabled) return;
    const height = document.documentElement.scrollHeight;
    if (height > 0 && window.scrollY + window.innerHeight >= height * trigger) onNext();
  }, [enabled, onNext, trigger]);
}
