import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import Toasts from '@/components/Toasts';
import { toast } from './toast';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a toast raised while the toast area is still loading shows its whole time once the area mounts (a slow phone)', async () => {
  toast.success('Add To Cart Successfully.');
  // The area mounts later than a success toast's 2 s: react-hot-toast would time the toast from its making.
  await wait(2_500);
  render(<Toasts />);
  expect(await screen.findByText('Add To Cart Successfully.')).toBeInTheDocument();
  // Dismissed at once on mounting, it would be gone a second later; made at mounting, it is still shown.
  await wait(1_500);
  expect(screen.getByText('Add To Cart Successfully.')).toBeInTheDocument();
});
