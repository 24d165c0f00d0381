import { useMemo, useState } from 'react';
import { useLang, useT } from '@/i18n';
import { normalizeDigitsInput } from '@haat/shared/phone';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { HiPencil, HiTrash } from 'react-icons/hi';
import { TABLE_PAGE_SIZES } from '@haat/shared/constants';
import type { SubCategory } from '@haat/shared/schemas/catalogue';
import { inputClass } from '@/components/FormField';
import { ImagePreview } from './ImageInput';
import { formatCount } from '@/i18n/format';
import { localName } from '@/i18n/localName';
import { ADMIN_CATALOGUE_NS } from '../locales';

const column = createColumnHelper<SubCategory>();
const pagerButton = 'rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-40';

/**
 * The sub-category table of spec §2: Image, Name, Category, Action; sorting by
 * a header click, a filter over name and categories, columns that can be
 * hidden, page sizes 10/20/30 (10 first), First/Prev/Next/Last and a page box.
 */
export function SubCategoryTable({
  data,
  onView,
  onEdit,
  onDelete,
}: {
  data: SubCategory[];
  onView: (s: SubCategory) => void;
  onEdit: (s: SubCategory) => void;
  onDelete: (s: SubCategory) => void;
}) {
  const t = useT(ADMIN_CATALOGUE_NS);
  // The Bangla names on a Bangla page, as the shop shows them (issue 42): shown, sorted and filtered by.
  const lang = useLang();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const columns = useMemo(() => {
    const nameOf = (item: { name: string; name_bn?: string }) => localName(item, lang);
    return [
      column.accessor('image', {
        header: t('table.image'),
        enableSorting: false,
        enableGlobalFilter: false,
        cell: (info) => (
          <button type="button" onClick={() => onView(info.row.original)} aria-label={t('image.viewOf', { name: nameOf(info.row.original) })} className="block">
            <ImagePreview image={info.getValue()[0] ?? ''} alt={nameOf(info.row.original)} className="h-10 w-10" />
          </button>
        ),
      }),
      column.accessor(nameOf, { id: 'name', header: t('table.name') }),
      column.accessor((s) => s.category.map(nameOf).join(', '), { id: 'category', header: t('table.category') }),
      column.display({
        id: 'action',
        header: t('table.action'),
        cell: (info) => (
          <div className="flex gap-2">
            <button type="button" onClick={() => onEdit(info.row.original)} aria-label={t('action.editNamed', { name: nameOf(info.row.original) })} className="rounded-full bg-green-100 p-2 text-green-700 hover:bg-green-200">
              <HiPencil />
            </button>
            <button type="button" onClick={() => onDelete(info.row.original)} aria-label={t('action.deleteNamed', { name: nameOf(info.row.original) })} className="rounded-full bg-red-100 p-2 text-red-700 hover:bg-red-200">
              <HiTrash />
            </button>
          </div>
        ),
      }),
    ];
  }, [onView, onEdit, onDelete, t, lang]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter, columnVisibility },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    globalFilterFn: 'includesString',
    initialState: { pagination: { pageIndex: 0, pageSize: TABLE_PAGE_SIZES[0] } },
    autoResetPageIndex: true,
  });
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(table.getPageCount(), 1);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          value={globalFilter}
          onChange={(e) => setGlobalFilter(e.target.value)}
          placeholder={t('table.filterPlaceholder')}
          aria-label={t('table.filter')}
          className={`${inputClass} max-w-xs`}
        />
        <fieldset className="flex flex-wrap gap-3 text-sm text-slate-600">
          <legend className="sr-only">{t('table.columns')}</legend>
          {table.getAllLeafColumns().map((c) => (
            <label key={c.id} className="flex items-center gap-1">
              <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />
              {String(c.columnDef.header)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-800 text-white">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} className="px-3 py-2 font-semibold" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" onClick={header.column.getToggleSortingHandler()} className="flex items-center gap-1">
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden>{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-200 odd:bg-white even:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {table.getRowModel().rows.length === 0 && (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length || 1} className="px-3 py-8 text-center text-slate-500">
                  {t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('table.pages')} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <button type="button" className={pagerButton} onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>{t('table.first')}</button>
        <button type="button" className={pagerButton} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>{t('table.prev')}</button>
        <button type="button" className={pagerButton} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>{t('table.next')}</button>
        <button type="button" className={pagerButton} onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>{t('table.last')}</button>
        <label className="flex items-center gap-1">
          {t('table.page')}
          <input
            // Text with the numeric keypad: a type=number box refuses Bengali digits.
            type="text"
            inputMode="numeric"
            value={pageIndex + 1}
            onChange={(e) => {
              const n = Number(normalizeDigitsInput(e.target.value));
              if (Number.isInteger(n) && n >= 1) table.setPageIndex(Math.min(n, pageCount) - 1);
            }}
            aria-label={t('table.pageNumber')}
            className="w-16 rounded border border-slate-300 px-2 py-1"
          />
          {t('table.ofPages', { formatted: formatCount(pageCount) })}
        </label>
        <select value={pageSize} onChange={(e) => table.setPageSize(Number(e.target.value))} aria-label={t('table.rowsPerPage')} className="rounded border border-slate-300 px-2 py-1">
          {TABLE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{t('table.show', { size: formatCount(size) })}</option>
          ))}
        </select>
      </nav>
    </div>
  );
}
