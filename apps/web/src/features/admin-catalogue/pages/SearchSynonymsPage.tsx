import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import toast from 'react-hot-toast';
import { synonymsSchema } from '@haat/shared/schemas/search-synonyms';
import { formatCount } from '@/i18n/format';
import { SubmitButton } from '@/components/Button';
import { inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { translateMessage } from '@/i18n/messages';
import '@/i18n/adminMessages.locales';
import { useSaveSearchSynonyms, useSearchSynonyms } from '../api/searchSynonyms';
import { SYNONYMS_NS } from './synonyms.locales';

/** One group a line, its words separated by commas (Bangla ones too: '،' is not used in Bangla). */
const toText = (groups: string[][]) => groups.map((words) => words.join(', ')).join('\n');
const toGroups = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split(',').map((w) => w.trim()).filter(Boolean))
    .filter((words) => words.length > 0);

/** /dashboard/search-synonyms: the owner edits the groups of words search treats as one (decision 0049). */
export function SearchSynonymsPage() {
  const t = useT(SYNONYMS_NS);
  const { data, isLoading } = useSearchSynonyms();
  return (
    <section className="p-4">
      <h1 className="mb-2 text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="mb-4 max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {isLoading || !data ? <Spinner className="h-8 w-8" label={t('loading')} /> : <SynonymsForm initial={toText(data.groups)} />}
    </section>
  );
}

function SynonymsForm({ initial }: { initial: string }) {
  const t = useT(SYNONYMS_NS);
  const save = useSaveSearchSynonyms();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const groups = toGroups(text);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // The shared rules first, so a mistake is named before anything is sent.
    const parsed = synonymsSchema.safeParse({ groups });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError('');
    try {
      const saved = await save.mutateAsync(parsed.data);
      setText(toText(saved.groups));
      toast.success(t('saved'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-2">
      <label htmlFor="synonyms" className="font-medium text-slate-700">
        {t('label')}
      </label>
      <p className="text-sm text-slate-500">{t('example')}</p>
      <textarea
        id="synonyms"
        rows={16}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'synonyms-error' : undefined}
        className={`${inputClass} font-mono text-sm`}
        lang="bn"
        spellCheck={false}
      />
      <p className="text-sm text-slate-500">{t('groups', { n: formatCount(groups.length) })}</p>
      {error && (
        <p id="synonyms-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <SubmitButton loading={save.isPending} className="justify-self-start px-5 py-2">
        {t('save')}
      </SubmitButton>
    </form>
  );
}
