import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '@haat/shared/delivery-record';
import { DeliveryRecordBadge } from './DeliveryRecordBadge';

const cod = (delivery_record: DeliveryRecord) => ({ payment_status: 'CASH-ON-DELIVERY', delivery_record });
const badge = () => screen.getByRole('group', { name: 'Delivery record' });

describe('DeliveryRecordBadge', () => {
  it('shows a good record in words and green', () => {
    render(<DeliveryRecordBadge order={cod({ delivered: 9, returned: 1, ratio: 0.9, source: 'steadfast' })} />);
    expect(badge()).toHaveTextContent('Reliable: 90% delivered');
    expect(badge()).toHaveTextContent('9 delivered, 1 returned or cancelled · Source: Steadfast');
    expect(badge()).toHaveClass('bg-green-50');
  });

  it('shows a middling record as Caution in amber', () => {
    render(<DeliveryRecordBadge order={cod({ delivered: 2, returned: 1, ratio: 0.67, source: 'own' })} />);
    expect(badge()).toHaveTextContent('Caution: 67% delivered');
    expect(badge()).toHaveTextContent('Source: our orders');
    expect(badge()).toHaveClass('bg-amber-50');
  });

  it('shows a poor record as High risk in red', () => {
    render(<DeliveryRecordBadge order={cod({ delivered: 1, returned: 4, ratio: 0.2, source: 'own' })} />);
    expect(badge()).toHaveTextContent('High risk: 20% delivered');
    expect(badge()).toHaveTextContent('1 delivered, 4 returned or cancelled');
    expect(badge()).toHaveClass('bg-red-50');
  });

  it('says so when the buyer is new or the check did not answer', () => {
    const { unmount } = render(<DeliveryRecordBadge order={cod({ delivered: 0, returned: 0, ratio: null, source: 'own' })} />);
    expect(badge()).toHaveTextContent('New buyer: no delivery history');
    expect(badge()).toHaveClass('bg-slate-50');
    unmount();
    render(<DeliveryRecordBadge order={cod({ delivered: null, returned: null, ratio: null, source: 'unknown' })} />);
    expect(badge()).toHaveTextContent('Delivery record unknown');
    expect(badge()).toHaveClass('bg-slate-50');
  });

  it('shows nothing for a paid order or an answer without a record', () => {
    const { container, rerender } = render(<DeliveryRecordBadge order={{ payment_status: 'bkash', delivery_record: { delivered: 0, returned: 5, ratio: 0, source: 'own' } }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DeliveryRecordBadge order={{ payment_status: 'CASH-ON-DELIVERY' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
