import { useCallback, useRef, useState } from 'react';
import { formatCount } from '@/i18n/format';
import type { RequestOptions } from '@/lib/api';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** What an upload call takes to report progress and be cancelled. */
export type UploadOptions = Pick<RequestOptions, 'onUploadProgress' | 'signal'>;

interface UploadState {
  files: File[];
  loaded: number;
  total: number;
}

/**
 * Progress of one multipart upload: `begin(files)` gives the options to pass
 * to the request, `cancel()` aborts it, `end()` hides the bars.
 */
export function useUploadProgress() {
  const [state, setState] = useState<UploadState | null>(null);
  const controller = useRef<AbortController | null>(null);
  const begin = useCallback((files: File[]): UploadOptions => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setState({ files, loaded: 0, total: 0 });
    return { signal: c.signal, onUploadProgress: (loaded, total) => setState({ files, loaded, total }) };
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const end = useCallback(() => {
    controller.current = null;
    setState(null);
  }, []);
  return { state, begin, cancel, end };
}

/**
 * The files go one after another in one request, so the bytes sent so far
 * fill each file's bar in turn (text fields are a rounding error beside them).
 */
export function fileFractions(files: File[], loaded: number, total: number): number[] {
  const sizes = files.map((f) => f.size);
  const sum = sizes.reduce((a, b) => a + b, 0);
  const sentOfFiles = total > 0 ? (Math.min(loaded, total) / total) * sum : 0;
  let before = 0;
  return sizes.map((size) => {
    const part = size === 0 ? (sentOfFiles >= before ? 1 : 0) : Math.max(0, Math.min(1, (sentOfFiles - before) / size));
    before += size;
    return part;
  });
}

/** One bar per file being uploaded, with Cancel. Nothing while no upload runs. */
export function UploadProgress({ upload }: { upload: ReturnType<typeof useUploadProgress> }) {
  const t = useT(COMPONENTS_NS);
  const { state, cancel } = upload;
  if (!state || state.files.length === 0) return null;
  const fractions = fileFractions(state.files, state.loaded, state.total);
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" aria-live="polite">
      <ul className="grid gap-2">
        {state.files.map((file, i) => {
          const percent = Math.round(fractions[i]! * 100);
          return (
            <li key={`${file.name}-${i}`} className="grid gap-1">
              <div className="flex justify-between gap-2 text-slate-700">
                <span className="truncate">{file.name}</span>
                <span>{formatCount(percent)}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={t('uploading', { name: file.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={cancel} className="w-fit rounded border border-red-600 px-3 py-1 font-medium text-red-700 hover:bg-red-50">
        {t('cancelUpload')}
      </button>
    </div>
  );
}
