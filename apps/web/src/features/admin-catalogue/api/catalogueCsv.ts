import type { ApiResponse } from '@haat/shared/api';
import type { CatalogueImportReport } from '@haat/shared/schemas/catalogue-csv';
import { ApiError } from '@/lib/api';
import { authDownload, authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';

/** GET product/export.csv: every product as CSV (UTF-8 with a BOM), saved by the browser as products.csv. */
export async function downloadCatalogueCsv(): Promise<void> {
  const blob = await authDownload('product/export.csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * POST product/import (multipart `file`), dryRun=1 to check only. A refused
 * apply (400) carries the report too: it is answered, not thrown, so the
 * screen shows the bad rows; other failures throw.
 */
export async function importCatalogueCsv({ file, dryRun }: { file: File; dryRun: boolean }): Promise<ApiResponse<CatalogueImportReport>> {
  const body = new FormData();
  body.append('file', file);
  try {
    return await authRequest<CatalogueImportReport>(`product/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body });
  } catch (err) {
    const answer = err instanceof ApiError ? (err.body as ApiResponse<CatalogueImportReport> | null) : null;
    if (answer?.data && Array.isArray(answer.data.errors)) return answer;
    throw err;
  }
}

/** The apply: afterwards every catalogue list is refetched, so the products list shows the import. */
export function useApplyCatalogueCsv() {
  return useCatalogueWrite((file: File) => importCatalogueCsv({ file, dryRun: false }));
}
