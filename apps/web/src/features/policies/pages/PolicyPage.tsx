import { useParams } from 'react-router';
import { useT, currentLang } from '@/i18n';
import { POLICY_SLUGS, type PolicySlug } from '@haat/shared/policy-text';
import { NotFound } from '@/components/NotFound';
import { PolicyText } from '@/components/PolicyText';
import { PageLoading } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useFormatDate } from '@/i18n/format';
import { usePolicyPage } from '../api/policyPage';
import { POLICIES_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

const isSlug = (s: string | undefined): s is PolicySlug => (POLICY_SLUGS as readonly (string | undefined)[]).includes(s);

/** /policy/{terms|returns|delivery|privacy} (issue 27): the owner's page in the shopper's language. */
export function PolicyPage() {
  const { slug } = useParams();
  if (!isSlug(slug)) return <NotFound />;
  return <Policy key={slug} slug={slug} />;
}

function Policy({ slug }: { slug: PolicySlug }) {
  const t = useT(POLICIES_NS);
  const formatDate = useFormatDate();
  const { data: page, isPending, error } = usePolicyPage(slug);
  const bn = currentLang() === 'bn';
  const title = page ? (bn ? page.title_bn : page.title_en) : '';
  usePageTitle(title);
  if (isPending) return <PageLoading />;
  if (error || !page) return <p className="mx-auto max-w-3xl p-4 text-red-700">{errorMessage(error)}</p>;
  return (
    <article className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {page.updatedAt && <p className="text-sm text-slate-500">{t('updated', { date: formatDate(page.updatedAt) })}</p>}
      <PolicyText text={bn ? page.body_bn : page.body_en} />
    </article>
  );
}
