import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { DeadlinesBadge } from './DeadlinesBadge';

const group = (name = 'Due times') => screen.getByRole('group', { name });
const handover = { kind: 'handover' as const, dueAt: '2026-11-27T04:00:00.000Z', met: false, overdue: true };
const delivery = { kind: 'delivery' as const, dueAt: '2026-11-30T04:00:00.000Z', met: false, overdue: false };

describe('DeadlinesBadge', () => {
  it('says Overdue, in red, with each due time in Dhaka time and which one is late', () => {
    render(<DeadlinesBadge order={{ deadlines: [handover, delivery] }} />);
    expect(group()).toHaveClass('bg-red-50');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    // 04:00 UTC is 10:00 in Dhaka.
    expect(items[0]).toHaveTextContent('Hand to courier by 27 Nov 2026, 10:00 · late');
    expect(items[1]).toHaveTextContent('Deliver by 30 Nov 2026, 10:00');
    expect(items[1]).not.toHaveTextContent('late');
  });

  it('shows due times not yet passed, or met, without Overdue', () => {
    render(<DeadlinesBadge order={{ deadlines: [{ ...handover, met: true, overdue: false }, delivery] }} />);
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(group()).toHaveClass('bg-slate-50');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Hand to courier by 27 Nov 2026, 10:00 · done');
  });

  it('says it in Bangla, with Bangla digits', async () => {
    await act(() => changeLanguage('bn'));
    render(<DeadlinesBadge order={{ deadlines: [handover, delivery] }} />);
    expect(screen.getByRole('group', { name: 'নির্ধারিত সময়' })).toBeInTheDocument();
    expect(screen.getByText('সময় পেরিয়েছে')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/কুরিয়ারে দেওয়ার শেষ সময় ২৭ নভে, ২০২৬, ১০:০০ পূর্বাহ্ণ · দেরি/);
  });

  it('shows nothing for an order without due times (cancelled, returned, or a shopper’s answer)', () => {
    const { container, rerender } = render(<DeadlinesBadge order={{ deadlines: [] }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DeadlinesBadge order={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
