import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { fillSlots, type TextValues } from './index';

/**
 * A text with marked parts, as `t` gives it: 'Your order ID is <1>{{orderId}}</1>.' drawn with
 * `parts={{ 1: <strong /> }}`, each `<n>…</n>` becoming that element with the part's words inside
 * (what react-i18next's <Trans> did with indexed components). The `{{slots}}` are filled after the
 * parts are found, so a value (an e-mail address, an order number) is always words, never markup.
 * Ask `t` for the text without values: `<Rich text={t('otp.enterCode')} values={{ email }} parts={…} />`.
 */
export function Rich({ text, values, parts }: { text: string; values?: TextValues; parts: Record<number, ReactElement> }) {
  const out: ReactNode[] = [];
  const marked = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let m = marked.exec(text); m; m = marked.exec(text)) {
    if (m.index > last) out.push(fillSlots(text.slice(last, m.index), values));
    const words = fillSlots(m[2]!, values);
    const part = parts[Number(m[1])];
    out.push(part ? cloneElement(part, { key: m.index }, words) : words);
    last = marked.lastIndex;
  }
  if (last < text.length) out.push(fillSlots(text.slice(last), values));
  return <>{out}</>;
}
