import { useEffect, useState } from 'react';

/**
 * The header's typing placeholder (spec §2, §9), our own in place of react-type-animation (3.1 KB
 * gzip in a first visit, decision 0089), doing what it did for us: each text typed a letter at a
 * time, left `pauseMs`, then deleted back to what it shares with the next, forever, with a blinking
 * cursor (`.typing-cursor`, index.css). `speed` as react-type-animation's (1–99): |speed − 100| ms a
 * letter, give or take half of it at random; letters are code points, as its default splitter.
 * The loop stops when the component goes (the library's could not); the caller keeps the text still
 * for a shopper who asked for reduced motion, as before.
 */
export function TypingPlaceholder({ texts, pauseMs, speed }: { texts: readonly string[]; pauseMs: number; speed: number }) {
  const [shown, setShown] = useState('');
  const joined = texts.join('\n');
  useEffect(() => {
    const all = joined.split('\n').map((text) => Array.from(text));
    const delay = Math.abs(speed - 100);
    let at = 0;
    let letters: string[] = [];
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const target = all[at]!;
      const onTheWay = letters.length <= target.length && letters.every((letter, i) => target[i] === letter);
      if (onTheWay && letters.length === target.length) {
        at = (at + 1) % all.length;
        timer = setTimeout(step, pauseMs);
        return;
      }
      letters = onTheWay ? target.slice(0, letters.length + 1) : letters.slice(0, -1);
      setShown(letters.join(''));
      timer = setTimeout(step, delay + delay * (Math.random() - 0.5));
    };
    step();
    return () => clearTimeout(timer);
  }, [joined, pauseMs, speed]);
  return <span className="typing-cursor">{shown}</span>;
}
