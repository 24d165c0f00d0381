import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_SPEED, PLACEHOLDER_STEP_MS } from '@haat/shared/constants';
import { SearchBar } from './SearchBar';
import { TypingPlaceholder } from './TypingPlaceholder';

/** Decision 0089: our own typing placeholder in place of react-type-animation, doing what it did for us. */
describe('TypingPlaceholder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The letter's delay is |speed − 100| ms, give or take half at random: exactly 50 ms here.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('types each text a letter at a time, leaves it, deletes back to what the next shares, and starts over', () => {
    render(<TypingPlaceholder texts={['Search "tea"', 'Search "toys"']} pauseMs={1000} speed={50} />);
    const shown = () => screen.getByText((_, el) => el?.className === 'typing-cursor').textContent;
    expect(shown()).toBe('S');
    tick(50 * 4);
    expect(shown()).toBe('Searc');
    tick(50 * 7);
    expect(shown()).toBe('Search "tea"');
    tick(50 + 999);
    expect(shown()).toBe('Search "tea"'); // left for a letter's time and pauseMs, as the library did
    tick(1);
    expect(shown()).toBe('Search "tea'); // deleting starts, back to 'Search "t', what the next shares
    tick(50 * 2);
    expect(shown()).toBe('Search "t');
    tick(50 * 4);
    expect(shown()).toBe('Search "toys"');
    tick(50 + 1000 + 50 * 3);
    expect(shown()).toBe('Search "t'); // and round again to the first
    tick(50 * 3);
    expect(shown()).toBe('Search "tea"');
  });

  it('counts a Bangla letter as a code point, as the library did', () => {
    render(<TypingPlaceholder texts={['খুঁজুন']} pauseMs={1000} speed={50} />);
    const shown = () => screen.getByText((_, el) => el?.className === 'typing-cursor').textContent;
    expect(shown()).toBe('খ');
    tick(50);
    expect(shown()).toBe('খু');
  });

  it('stops when it goes: no timer outlives it', () => {
    const { unmount } = render(<TypingPlaceholder texts={['a', 'b']} pauseMs={1000} speed={50} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is what the header shows to a shopper who did not ask for reduced motion, typing the categories', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: false })) as typeof window.matchMedia;
    try {
      const router = createMemoryRouter([{ path: '*', element: <SearchBar /> }], { initialEntries: ['/'] });
      render(<RouterProvider router={router} />);
      const link = screen.getByRole('link', { name: 'Search products' });
      expect(link.querySelector('.typing-cursor')).not.toBeNull();
      tick(Math.abs(PLACEHOLDER_SPEED - 100) * ('Search "fashion and lifestyle"'.length - 1));
      expect(link).toHaveTextContent(/^Search products\s*Search "fashion and lifestyle"$/);
      tick(PLACEHOLDER_STEP_MS * 60);
      expect(link).not.toHaveTextContent(/fashion and lifestyle/);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
