import { describe, expect, it } from 'vitest';
import { langCookie, langFromCookies } from './language-cookie';

describe('the language cookie', () => {
  it('is read among other cookies, and only with a language of ours', () => {
    expect(langFromCookies('other=1; haat.lang=bn; x=y')).toBe('bn');
    expect(langFromCookies('haat.lang=en')).toBe('en');
    expect(langFromCookies('haat.lang=fr')).toBeUndefined();
    expect(langFromCookies('xhaat.lang=bn')).toBeUndefined();
    expect(langFromCookies(undefined)).toBeUndefined();
  });

  it('is written for a year on every page, and reads back', () => {
    expect(langCookie('bn')).toBe('haat.lang=bn; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(langFromCookies(langCookie('en').split(';')[0])).toBe('en');
  });
});
