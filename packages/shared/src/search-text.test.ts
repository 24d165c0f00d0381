import { describe, expect, it } from 'vitest';
import { banglishToBangla, searchWords } from './search-text';

describe('banglishToBangla (Avro-style phonetic)', () => {
  it.each([
    ['panjabi', 'পাঞ্জাবি'],
    ['Panjabi', 'পাঞ্জাবি'],
    ['PANJABI', 'পাঞ্জাবি'],
    ['ami', 'আমি'],
    ['bangla', 'বাংলা'],
    ['rongin', 'রঙিন'],
    ['jamdani', 'জামদানি'],
    ['bondhu', 'বন্ধু'],
    ['prem', 'প্রেম'],
    ['dorji', 'দর্জি'],
    ['shari', 'শারি'],
    ['chal', 'ছাল'],
    ['boi', 'বই'],
    ['kkhoma', 'ক্ষমা'],
    ['DhAka', 'ঢাকা'],
    ['kOthay', 'কোথায়'],
    ['shyamol', 'শ্যামল'],
  ])('%s → %s', (banglish, bangla) => {
    expect(banglishToBangla(banglish)).toBe(bangla.normalize('NFC'));
  });

  it('keeps digits and characters it does not know', () => {
    expect(banglishToBangla('iphone12')).toMatch(/12$/);
  });
});

describe('searchWords', () => {
  it('turns Bengali digits into ASCII digits', () => {
    expect(searchWords('০১২')).toEqual([{ typed: '012', bangla: null }]);
    expect(searchWords('মডেল ৪৫')).toEqual([
      { typed: 'মডেল', bangla: null },
      { typed: '45', bangla: null },
    ]);
  });

  it('carries the Bangla transliteration of a Banglish word beside the word as typed', () => {
    const [word] = searchWords('Panjabi');
    expect(word!.typed).toBe('panjabi');
    expect(word!.bangla).toContain('পাঞ্জাবি');
  });

  it('leaves Bangla words alone and drops punctuation', () => {
    expect(searchWords('  জামদানি, শাড়ি!! ')).toEqual([
      { typed: 'জামদানি', bangla: null },
      { typed: 'শাড়ি'.normalize('NFC'), bangla: null },
    ]);
    expect(searchWords("' -- %")).toEqual([]);
  });

  it('keeps at most 8 words of at most 40 characters', () => {
    const words = searchWords(`${'x'.repeat(60)} b c d e f g h i j`);
    expect(words).toHaveLength(8);
    expect(words[0]!.typed).toHaveLength(40);
  });
});
