import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { JOB_HELD_PAST_LEASE } from '@haat/shared/schemas/jobs';
import { FailedJobsPage } from './FailedJobsPage';

const failed = {
  id: 'job1',
  name: 'sms.order',
  payload: { orderId: 'o1', notice: 'placed' },
  attempts: 3,
  last_error: 'BulkSMSBD 1007: Balance Insufficient',
  created_at: '2026-11-20T09:10:00.000Z',
  // 09:15 UTC is 15:15 in Dhaka.
  failed_at: '2026-11-20T09:15:00.000Z',
};

describe('Failed jobs page (issue 24)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('lists each failed job with its attempts and last error, and queues one again', async () => {
    let left = [failed];
    const api = fakeApi({
      'GET jobs/failed': () => ({ body: envelope(left) }),
      'POST jobs/job1/retry': () => {
        left = [];
        return { body: envelope({ id: 'job1' }, 'Job queued again.') };
      },
    });
    renderPage(<FailedJobsPage />);
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('sms.order')).toBeInTheDocument();
    expect(within(item).getByText('BulkSMSBD 1007: Balance Insufficient')).toBeInTheDocument();
    expect(within(item).getByText('20 Nov 2026, 15:15')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Try again' }));
    expect(api.sent('POST', 'jobs/job1/retry')).toHaveLength(1);
    expect(await screen.findByText('No job has failed.')).toBeInTheDocument();
  });

  it('says so when nothing failed, in Bangla too', async () => {
    await changeLanguage('bn');
    fakeApi({ 'GET jobs/failed': { body: envelope([]) } });
    renderPage(<FailedJobsPage />);
    expect(await screen.findByText('কোনো কাজ ব্যর্থ হয়নি।')).toBeInTheDocument();
  });

  it("shows the shop's own last error in Bangla, and a provider's as it sent it", async () => {
    await changeLanguage('bn');
    fakeApi({ 'GET jobs/failed': { body: envelope([failed, { ...failed, id: 'job2', last_error: JOB_HELD_PAST_LEASE }]) } });
    renderPage(<FailedJobsPage />);
    expect(await screen.findByText('চালানো হয়নি: আগের কাজগুলোর পেছনে অপেক্ষায় থেকে সময়সীমার অর্ধেক পেরিয়ে গেছে')).toBeInTheDocument();
    expect(screen.getByText('BulkSMSBD 1007: Balance Insufficient')).toBeInTheDocument();
  });
});
