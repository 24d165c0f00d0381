import { act, render, renderHook, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, currentLang, registeredBundles, registerLocales, textsReady, translate, useT } from './index';
import { Rich } from './Rich';

/** Our translation function (decision 0089): what the app's texts rely on, as i18next did it. */
const TEST_NS = registerLocales('translateTest', {
  en: {
    hello: 'Hello, {{name}}!',
    items_one: '{{n}} item',
    items_other: '{{n}} items',
    plain: 'No plural forms: {{count}}',
    group: { deep: { text: 'Deep {{what}}' } },
    marked: 'Your order ID is <1>{{orderId}}</1>, see <3>the terms</3>.',
  },
  bn: {
    hello: 'নমস্কার, {{name}}!',
    items_one: '{{n}}টি পণ্য',
    items_other: '{{n}}টি পণ্য (অনেক)',
    plain: 'বহুবচন নেই: {{count}}',
    group: { deep: { text: 'গভীর {{what}}' } },
    marked: 'আপনার অর্ডার আইডি <1>{{orderId}}</1>, দেখুন <3>শর্তাবলি</3>।',
  },
});
const LAZY_NS = registerLocales('translateLazyTest', {
  en: () => Promise.resolve({ default: { word: 'Later' } }),
  bn: () => Promise.resolve({ default: { word: 'পরে' } }),
});

// The web tests share modules across files (isolate: false): the app's own namespaces are what i18n.test.ts checks,
// so these two leave the registry with this file.
afterAll(() => {
  registeredBundles.delete(TEST_NS);
  registeredBundles.delete(LAZY_NS);
});

describe('t', () => {
  it('fills slots, keeps a slot without a value, and picks plurals by the language', async () => {
    const { result, rerender } = renderHook(() => useT(TEST_NS));
    expect(result.current('hello', { name: 'Rina' })).toBe('Hello, Rina!');
    expect(result.current('hello')).toBe('Hello, {{name}}!');
    expect(result.current('hello', { name: undefined })).toBe('Hello, {{name}}!');
    expect(result.current('items', { count: 1, n: '1' })).toBe('1 item');
    expect(result.current('items', { count: 0, n: '0' })).toBe('0 items');
    expect(result.current('items', { count: 2, n: '2' })).toBe('2 items');
    expect(result.current('plain', { count: 3 })).toBe('No plural forms: 3');
    await act(() => changeLanguage('bn'));
    rerender();
    // Bangla's plural rules: 0 and 1 are 'one'.
    expect(result.current('items', { count: 0, n: '০' })).toBe('০টি পণ্য');
    expect(result.current('items', { count: 5, n: '৫' })).toBe('৫টি পণ্য (অনেক)');
    expect(result.current('hello', { name: 'রিনা' })).toBe('নমস্কার, রিনা!');
  });

  it('reads under a group (the old keyPrefix) and is a new function in each language', async () => {
    const { result, rerender } = renderHook(() => useT(TEST_NS, 'group.deep'));
    const english = result.current;
    expect(english('text', { what: 'words' })).toBe('Deep words');
    await act(() => changeLanguage('bn'));
    rerender();
    expect(result.current).not.toBe(english);
    expect(result.current('text', { what: 'কথা' })).toBe('গভীর কথা');
  });

  it('switches to a lazy namespace’s other language only once its texts are here', async () => {
    await textsReady();
    expect(translate('en', LAZY_NS, 'word')).toBe('Later');
    const switching = changeLanguage('bn');
    await act(() => switching);
    expect(currentLang()).toBe('bn');
    expect(translate('bn', LAZY_NS, 'word')).toBe('পরে');
    expect(document.documentElement.lang).toBe('bn');
  });

  it('says a missing key as the key (the test setup makes it fail a test)', () => {
    expect(() => translate('en', TEST_NS, 'nothing.here')).toThrow('Missing translation: translateTest:nothing.here');
  });
});

describe('Rich', () => {
  it('draws each marked part with its element, and a value as words, never markup', () => {
    const t = renderHook(() => useT(TEST_NS)).result.current;
    render(
      <p data-testid="rich">
        <Rich text={t('marked')} values={{ orderId: '<1>X</1><b>' }} parts={{ 1: <strong />, 3: <a href="/policy/terms" /> }} />
      </p>,
    );
    const p = screen.getByTestId('rich');
    expect(p).toHaveTextContent('Your order ID is <1>X</1><b>, see the terms.');
    expect(p.querySelector('strong')).toHaveTextContent('<1>X</1><b>');
    expect(p.querySelector('a')).toHaveAttribute('href', '/policy/terms');
    expect(p.querySelector('a')).toHaveTextContent('the terms');
    expect(p.querySelector('b')).toBeNull();
  });
});
