import { useT, currentLang } from '@/i18n';
import '@/i18n/adminMessages.locales';
import { translateMessage } from '@/i18n/messages';
import type { FailedJob } from '@haat/shared/schemas/jobs';
import { QueryList } from '@/components/QueryList';
import { formatCount } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { formatDhaka } from '@/lib/dhakaTime';
import { useFailedJobs, useRetryJob } from '../api/jobs';
import { JOBS_NS } from './jobs.locales';

const secondaryButton = 'rounded-lg border border-slate-300 px-3 py-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** /dashboard/failed-jobs: the owner sees the background jobs that finally failed, and tries one again (decision 0073). */
export function FailedJobsPage() {
  const t = useT(JOBS_NS);
  const failed = useFailedJobs();
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-3xl text-sm text-slate-600">{t('intro')}</p>
      <QueryList query={failed} isEmpty={(jobs) => jobs.length === 0} loading={t('loading')} empty={t('empty')}>
        {(jobs) => (
          <ul className="grid gap-3" aria-label={t('title')}>
            {jobs.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}

function JobCard({ job }: { job: FailedJob }) {
  const t = useT(JOBS_NS);
  const retry = useRetryJob();
  return (
    <li className="grid gap-2 rounded border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-slate-800">{job.name}</p>
        {job.failed_at && (
          <p className="text-slate-600">
            {t('failedAt')}: <time dateTime={job.failed_at}>{formatDhaka(job.failed_at, currentLang())}</time>
          </p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-500">{t('attempts')}</dt>
        <dd>{formatCount(job.attempts)}</dd>
        <dt className="text-slate-500">{t('error')}</dt>
        <dd className="break-all">{job.last_error ? translateMessage(job.last_error) : '—'}</dd>
        <dt className="text-slate-500">{t('details')}</dt>
        <dd className="break-all font-mono text-xs">{JSON.stringify(job.payload)}</dd>
      </dl>
      <div className="flex items-center gap-3">
        <button type="button" className={secondaryButton} disabled={retry.isPending || retry.isSuccess} onClick={() => retry.mutate(job.id)}>
          {t('retry')}
        </button>
        {retry.isSuccess && <span role="status">{t('retried')}</span>}
        {retry.error && (
          <span role="alert" className="text-red-700">
            {errorMessage(retry.error)}
          </span>
        )}
      </div>
    </li>
  );
}
