import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './QuantityStepper';

describe('QuantityStepper', () => {
  it('is disabled in the server’s markup, before the scripts that count, and counts once live', async () => {
    const markup = document.createElement('div');
    markup.innerHTML = renderToString(<QuantityStepper look="product" value={1} min={1} max={5} onChange={() => {}} />);
    expect([...markup.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.disabled])).toEqual([
      ['Decrease quantity', true],
      ['Increase quantity', true],
    ]);

    const onChange = vi.fn();
    render(<QuantityStepper look="product" value={1} min={1} max={5} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onChange).toHaveBeenCalledWith(2);
    // − stays disabled at the minimum, as before.
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });
});
