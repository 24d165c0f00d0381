import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { OfflineBanner } from './OfflineNotice';

/** The browser going offline and back, as the shop sees it: navigator.onLine and the window's events. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline banner', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('en');
  });

  it('says the shop is offline while it is, and goes when the network is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline. Pages you have already opened still work.');
    setOnline(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('speaks Bangla when the shop does', async () => {
    await changeLanguage('bn');
    render(<OfflineBanner />);
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('আপনি অফলাইনে আছেন। আগে খোলা পাতাগুলো এখনও দেখা যাবে।');
  });
});
