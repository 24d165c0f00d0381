import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { Footer } from './Footer';

/**
 * Issue 42's digits: the shop's phone is read, so it follows the page (Bengali digits in Bangla, decision 0050);
 * the trade licence, DBID and BIN are identifiers and keep the digits they were typed with.
 */
const business = { tradeLicence: 'TRAD/DNCC/012345/2026', dbid: 'DBID-123456789', bin: '0001234560101', address: 'House 12, Dhanmondi', addressBn: 'বাড়ি ১২, ধানমন্ডি', vatRate: 15 };
const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test', social: { facebook: '#', instagram: '#', linkedin: '#' }, business };

describe('the footer’s numbers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in Bangla: the phone in Bengali digits, the business identifiers as typed', async () => {
    await act(() => changeLanguage('bn'));
    fakeApi({ 'GET shop-info': { body: envelope(shop) } });
    renderPage(<Footer />);
    expect(await screen.findByRole('link', { name: '০১৭০০০০০০০০' })).toHaveAttribute('href', 'tel:01700000000');
    const details = screen.getByTestId('business-details');
    expect(details).toHaveTextContent('TRAD/DNCC/012345/2026');
    expect(details).toHaveTextContent('DBID-123456789');
    expect(details).toHaveTextContent('0001234560101');
    expect(details).toHaveTextContent('বাড়ি ১২, ধানমন্ডি');
    expect(details).not.toHaveTextContent('০১২৩৪৫');
  });

  it('in English: all Latin digits', async () => {
    fakeApi({ 'GET shop-info': { body: envelope(shop) } });
    renderPage(<Footer />);
    expect(await screen.findByRole('link', { name: '01700000000' })).toBeInTheDocument();
    expect(screen.getByTestId('business-details')).toHaveTextContent('BIN: 0001234560101');
  });
});
