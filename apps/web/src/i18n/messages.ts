import { useSyncExternalStore } from 'react';
import { currentLang, onLanguageChange } from './index';
import { banglaMessages } from './messageTables';

/**
 * Texts the server and the shared zod schemas send (issue 14), in the page's language. They arrive
 * in English; messages.bn.ts says them in Bangla (errors by their code, decision 0052, other texts by
 * their English). Its tables (~9 KB gzip) are not part of a first visit (issue 39, decision 0089):
 * they load when a message is about to be shown, and that waits for them, so a Bangla shopper never
 * reads one in English:
 * - the API client (lib/api.ts) awaits `messagesReady()` before it answers a change or a refusal,
 *   and so does any code that raises a message of its own after a shopper's act (the guest cart);
 * - the shopper's first touch or key in Bangla starts the download (a form's own check follows one);
 * - a component that shows a message while rendering calls `useServerMessages()`, which re-renders
 *   it once they are here, and a server-rendered page that showed one has them before hydrating
 *   (`messagesShown`, entry-server.tsx → main.tsx);
 * - switching to Bangla loads them; an English shopper never downloads them (issue 25).
 */
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Bangla's tables, loaded (once) if the page is in Bangla; at once in English or once they are here. */
export function messagesReady(): Promise<void> {
  if (currentLang() !== 'bn' || banglaMessages()) return Promise.resolve();
  loading ??= import('./messages.bn').then(
    () => listeners.forEach((l) => l()),
    // Offline, say: the message stays English this time, and the next one tries again.
    () => void (loading = undefined),
  );
  return loading;
}

onLanguageChange(() => void messagesReady());
if (typeof window !== 'undefined') {
  const onFirstAct = () => {
    if (currentLang() !== 'bn') return;
    for (const type of ACTS) window.removeEventListener(type, onFirstAct, true);
    void messagesReady();
  };
  const ACTS = ['pointerdown', 'keydown'] as const;
  for (const type of ACTS) window.addEventListener(type, onFirstAct, { capture: true, passive: true });
}

/** A component that shows a message while rendering: rendered again once Bangla's tables are here. */
export function useServerMessages(): void {
  useSyncExternalStore(subscribe, banglaMessages, banglaMessages);
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

let shown = false;
/** Whether a message was said in Bangla since the last call (the server's rendering asks, per page). */
export function messagesShown(): boolean {
  const was = shown;
  shown = false;
  return was;
}

const inBangla = () => {
  if (currentLang() !== 'bn') return undefined;
  shown = true;
  const tables = banglaMessages();
  // Not here yet (a message nothing waited for): asked for now; a component using useServerMessages is re-rendered.
  if (!tables) void messagesReady();
  return tables;
};

/** A text the server or a schema sent, in the page's language. */
export function translateMessage(text: string): string {
  return text ? (inBangla()?.translateMessage(text) ?? text) : text;
}

/**
 * An error in the page's language by its code: `message` is the English the
 * server sent (shown in English, and in Bangla when the code has none).
 */
export function translateError(code: string, params: Record<string, string | number> | undefined, message: string): string {
  return inBangla()?.translateError(code, params, message) ?? message;
}
