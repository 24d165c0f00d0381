import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import toast from 'react-hot-toast';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The language cookie the toggle sets beside localStorage (issue 25): the next test is a new visitor.
  document.cookie = 'haat.lang=; path=/; max-age=0';
  // react-hot-toast keeps its toasts in a module store: one test's toast must not show in the next.
  toast.remove();
});

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion. Tests run as a
// shopper who asked for reduced motion: the header's typing placeholder keeps still, so a test
// reads the header's text as it was rendered (TypingPlaceholder.test.tsx runs it, on fake timers).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// jsdom has no object URLs; image previews of picked files ask for one.
if (!URL.createObjectURL) {
  let n = 0;
  URL.createObjectURL = () => `blob:test/${++n}`;
  URL.revokeObjectURL = () => {};
}

// Bangla and English (issue 14): tests run in English, and a text looked up
// under a key that no locales.ts holds fails the test that shows it.
import { changeLanguage, currentLang, onMissingText, textsReady } from '@/i18n';
onMissingText((ns, key) => {
  throw new Error(`Missing translation: ${ns}:${key}`);
});
afterEach(async () => {
  if (currentLang() !== 'en') await changeLanguage('en');
});
// Each namespace's texts load when its module is imported, as in the app (decision 0082): a test
// renders once the test file's namespaces have theirs.
beforeEach(() => textsReady());
// The Bangla tables of server messages load on demand in the app (issue 25); tests switch language
// and read a message in the same tick, so they have them from the start.
import '@/i18n/messages.bn';
