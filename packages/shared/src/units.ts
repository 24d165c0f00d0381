import { localDigits } from './numerals';

/**
 * A product's unit in Bangla (issue 19): '500 g' → '৫০০ গ্রাম', 'Pack of 3' →
 * '৩টির প্যাক', 'Size XL' → 'সাইজ XL'. The unit is one field the owner types in
 * English; its words are few and known, so the web says them in Bangla rather
 * than the catalogue holding a second unit. null for a unit no rule knows: it
 * is shown as typed.
 */
const UNIT_WORDS: Record<string, string> = {
  pc: 'পিস',
  pcs: 'পিস',
  piece: 'পিস',
  pieces: 'পিস',
  set: 'সেট',
  sets: 'সেট',
  box: 'বক্স',
  kg: 'কেজি',
  g: 'গ্রাম',
  gm: 'গ্রাম',
  l: 'লিটার',
  litre: 'লিটার',
  ml: 'মিলি',
  packet: 'প্যাকেট',
  packets: 'প্যাকেট',
  pack: 'প্যাক',
  packs: 'প্যাক',
  bag: 'ব্যাগ',
  bags: 'ব্যাগ',
  dozen: 'ডজন',
  pair: 'জোড়া',
  m: 'মিটার',
  'm coil': 'মিটার কয়েল',
};
const AGES: Record<string, string> = { months: 'মাস', years: 'বছর' };
const NOTES: Record<string, string> = { '(with blouse piece)': '(ব্লাউজ পিসসহ)' };

export function unitInBangla(unit: string): string | null {
  const u = unit.trim();
  const bn = (s: string) => localDigits(s, 'bn');
  let m = /^Pack of (\d+)(?:\s*x\s*(\d+))?$/i.exec(u);
  if (m) return m[2] ? `${bn(m[1]!)}×${bn(m[2])}টির প্যাক` : `${bn(m[1]!)}টির প্যাক`;
  m = /^Size (\w+)$/i.exec(u);
  if (m) return `সাইজ ${bn(m[1]!)}`;
  m = /^Waist (\d+)$/i.exec(u);
  if (m) return `কোমর ${bn(m[1]!)}`;
  m = /^(\d+)-(\d+) (Months|Years)$/i.exec(u);
  if (m) return `${bn(m[1]!)}-${bn(m[2]!)} ${AGES[m[3]!.toLowerCase()]}`;
  m = /^(\d+(?:\.\d+)?)\s*([a-z]+(?: coil)?)(?:\s+(\(.+\)))?$/i.exec(u);
  if (m) {
    const word = UNIT_WORDS[m[2]!.toLowerCase()];
    const note = m[3] === undefined ? '' : NOTES[m[3].toLowerCase()];
    if (word && note !== undefined) return `${bn(m[1]!)} ${word}${note ? ` ${note}` : ''}`;
  }
  return null;
}
