import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import Toasts from '@/components/Toasts';
import { toast } from './toast';

afterEach(() => vi.useRealTimers());

/** Lets the dynamic imports and the promises after them settle, and React render what they did. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => vi.dynamicImportSettled());
};

it('a toast raised while the toast area is still loading shows its whole time once the area mounts (a slow phone)', async () => {
  // The shop's clock, so the test never depends on the machine's speed: react-hot-toast reads Date.now and setTimeout.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  toast.success('Add To Cart Successfully.');
  await settle();
  // The area mounts 2.5 s later, past a success toast's 2 s: react-hot-toast times a toast from its making.
  act(() => vi.advanceTimersByTime(2_500));
  render(<Toasts />);
  await settle();
  expect(screen.getByText('Add To Cart Successfully.')).toBeInTheDocument();
  // Dismissed on mounting, it would be removed a second later; made on mounting, it is still shown 1.5 s on.
  act(() => vi.advanceTimersByTime(1_500));
  await settle();
  expect(screen.getByText('Add To Cart Successfully.')).toBeInTheDocument();
  // And it does go, after its 2 s and the second its leaving takes.
  act(() => vi.advanceTimersByTime(600));
  await settle();
  act(() => vi.advanceTimersByTime(1_100));
  await settle();
  expect(screen.queryByText('Add To Cart Successfully.')).not.toBeInTheDocument();
});
