import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import type { CatalogueImportReport } from '@haat/shared/schemas/catalogue-csv';
import { errorMessage } from '@/lib/api';
import { downloadCatalogueCsv, importCatalogueCsv, useApplyCatalogueCsv } from '../api/catalogueCsv';
import { translateError } from '@/i18n/messages';
import { CATALOGUE_CSV_NS } from './csv.locales';

const buttonClass = 'rounded border border-brand-600 px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-600 hover:text-white disabled:opacity-40';

/**
 * Catalogue import and export on the products page (issue 14, decision 0042):
 * Export CSV downloads every product; Import CSV checks the chosen file with a
 * dry run, shows what would be created and updated and every bad row, and
 * applies it only when no row is bad.
 */
export function CatalogueCsv() {
  const t = useT(CATALOGUE_CSV_NS);
  const [exporting, setExporting] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const check = useMutation({ mutationFn: importCatalogueCsv });
  const apply = useApplyCatalogueCsv();

  const reset = () => {
    setFile(null);
    setReport(null);
    if (input.current) input.current.value = '';
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCatalogueCsv();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const onPick = async (picked: File | undefined) => {
    setReport(null);
    setFile(picked ?? null);
    if (!picked) return;
    try {
      setReport((await check.mutateAsync({ file: picked, dryRun: true })).data);
    } catch (err) {
      toast.error(errorMessage(err));
      reset();
    }
  };

  const onApply = async () => {
    if (!file) return;
    try {
      const { data } = await apply.mutateAsync(file);
      if (data.applied) {
        toast.success(t('done', { created: data.created, updated: data.updated, unchanged: data.unchanged }));
        reset();
      } else {
        // Orders moved a stock between the check and the apply: the rows are listed, nothing was written.
        setReport(data);
      }
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="px-4 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={onExport} disabled={exporting} className={buttonClass}>
          {exporting ? t('exporting') : t('export')}
        </button>
        <label className={`${buttonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}>
          {t('import')}
          <input ref={input} type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void onPick(e.target.files?.[0])} />
        </label>
        <p className="text-xs text-slate-500">{t('hint')}</p>
      </div>
      {check.isPending && file && <p role="status" className="mt-2 text-sm text-slate-600">{t('checking', { file: file.name })}</p>}
      {report && file && (
        <section aria-label={t('result')} className="mt-3 rounded border border-slate-200 bg-white p-3 text-sm">
          <p className="font-medium">{t('summary', { file: file.name, created: report.created, updated: report.updated, unchanged: report.unchanged })}</p>
          {report.errors.length > 0 ? (
            <table className="mt-2 w-full text-left">
              <caption className="pb-1 text-left text-red-700">{t('errors', { count: report.errors.length })}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="w-20 py-1">{t('row')}</th>
                  <th scope="col" className="py-1">{t('problem')}</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e) => (
                  <tr key={`${e.row}-${e.message}`} className="border-b border-slate-100">
                    {/* As the spreadsheet numbers its rows (Latin digits), so the owner finds it there. */}
                    <td className="py-1 tabular-nums">{e.row}</td>
                    <td className="py-1">{translateError(e.code, e.params, e.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-1 text-green-700">{t('noErrors')}</p>
          )}
          <div className="mt-3 flex gap-2">
            <button type="button" onClick={onApply} disabled={report.errors.length > 0 || apply.isPending} className={buttonClass}>
              {apply.isPending ? t('applying') : t('apply')}
            </button>
            <button type="button" onClick={reset} className="rounded px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
              {t('cancel')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
