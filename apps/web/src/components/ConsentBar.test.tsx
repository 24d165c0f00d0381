import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { ConsentBar } from './ConsentBar';

const clearCookie = () => void (document.cookie = 'haat.ads=; Path=/; Max-Age=0');
const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src).filter((src) => /facebook|googletagmanager/.test(src));

/** Issue 45 (decision 0119): the consent bar, and nothing of the Pixel or gtag before a yes. */
describe('the consent bar', () => {
  afterEach(async () => {
    clearCookie();
    vi.unstubAllGlobals();
    for (const s of document.head.querySelectorAll('script')) s.remove();
    await changeLanguage('en');
  });

  it('asks nothing when the owner set no ids', async () => {
    const api = fakeApi({ 'GET ads/public': { body: envelope({ meta_pixel_id: '', ga_measurement_id: '' }) } });
    render(<ConsentBar />);
    await waitFor(() => expect(api.sent('GET', 'ads/public')).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(scripts()).toEqual([]);
  });

  it('asks in Bangla; nothing loads before the yes, the tags after it, and the answer is remembered', async () => {
    await changeLanguage('bn');
    fakeApi({ 'GET ads/public': { body: envelope({ meta_pixel_id: '123456789012345', ga_measurement_id: 'G-TEST1234' }) } });
    render(<ConsentBar />);
    const bar = await screen.findByRole('region', { name: 'বিজ্ঞাপন ও পরিসংখ্যান' });
    expect(scripts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'রাজি' }));
    expect(bar).not.toBeInTheDocument();
    expect(document.cookie).toContain('haat.ads=yes');
    await waitFor(() => expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtag/js?id=G-TEST1234']));
  });

  it('a no is kept, and the shop is not even asked for the ids again', async () => {
    const api = fakeApi({ 'GET ads/public': { body: envelope({ meta_pixel_id: '123456789012345', ga_measurement_id: '' }) } });
    const { unmount } = render(<ConsentBar />);
    await userEvent.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(document.cookie).toContain('haat.ads=no');
    unmount();
    render(<ConsentBar />);
    expect(api.sent('GET', 'ads/public')).toHaveLength(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(scripts()).toEqual([]);
  });
});
