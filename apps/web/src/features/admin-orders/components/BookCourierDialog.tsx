import { codAmount } from './printing';
import { useT } from '@/i18n';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { formatTaka } from '@haat/shared/money';
import { COURIER_LABELS, type CourierProvider } from '@haat/shared/schemas/courier';
import { Dialog } from '@/components/Dialog';
import { errorMessage } from '@/lib/api';
import type { AdminOrder } from '../api/getAllOrders';
import { useBookCourier, useCourierProviders, usePathaoPlaces, usePlaceSuggestion } from '../api/courier';
import { ADMIN_ORDERS_NS } from '../locales';
import { CourierOptions } from './CourierOptions';

const select = 'w-full rounded border border-slate-300 bg-white px-2 py-1.5';

/**
 * Book courier: pick the courier (and for Pathao the city, zone and area,
 * suggested from the address) and confirm. A refusal stays in the dialog with
 * the courier's own words; nothing changed.
 */
export function BookCourierDialog({ order, open, onClose }: { order: AdminOrder; open: boolean; onClose: () => void }) {
  const t = useT(ADMIN_ORDERS_NS);
  const providers = useCourierProviders(open);
  const [provider, setProvider] = useState<CourierProvider | ''>('');
  const [cityId, setCityId] = useState<number>();
  const [zoneId, setZoneId] = useState<number>();
  const [areaId, setAreaId] = useState<number>();
  const [failure, setFailure] = useState('');
  const option = providers.data?.find((p) => p.provider === provider);
  const needsPlace = Boolean(option?.places);
  // The suggestion (decision 0122) for every courier; Pathao's city and zone come with it.
  const suggestion = usePlaceSuggestion(order._id, open);
  const cities = usePathaoPlaces({}, open && needsPlace);
  const zones = usePathaoPlaces({ city_id: cityId }, open && needsPlace && Boolean(cityId));
  const areas = usePathaoPlaces({ zone_id: zoneId }, open && needsPlace && Boolean(zoneId));
  const book = useBookCourier();

  useEffect(() => {
    if (provider || !providers.data?.[0] || suggestion.isPending) return;
    const suggested = suggestion.data?.suggested;
    setProvider(suggested && providers.data.some((p) => p.provider === suggested) ? suggested : providers.data[0].provider);
  }, [provider, providers.data, suggestion.data, suggestion.isPending]);
  useEffect(() => {
    if (needsPlace && suggestion.data && cityId === undefined) {
      setCityId(suggestion.data.city_id ?? undefined);
      setZoneId(suggestion.data.zone_id ?? undefined);
    }
  }, [needsPlace, suggestion.data, cityId]);

  const cod = codAmount(order);
  const ready = provider !== '' && (!needsPlace || (cityId && zoneId));
  const confirm = async () => {
    if (!provider) return;
    setFailure('');
    try {
      const res = await book.mutateAsync({ id: order._id, input: { provider, ...(needsPlace && { city_id: cityId, zone_id: zoneId, area_id: areaId }) } });
      // 202: the courier could not take it yet and the server queued it (decision 0080); the card shows its state.
      if (res.data.courier) toast.success(t('book.booked'));
      else toast(t('book.queued', { courier: COURIER_LABELS[provider] }));
      onClose();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <Dialog open={open} title={t('book.title', { id: order.orderId })} onClose={onClose}>
      <div className="grid gap-3 text-sm">
        {providers.data?.length === 0 && <p role="alert" className="text-red-700">{t('book.noCourier')}</p>}
        {suggestion.data?.options?.length ? <CourierOptions suggestion={suggestion.data} /> : null /* variants-branch-ok: the couriers' prices for the parcel, not a product's variants */}
        <label className="grid gap-1">
          <span className="font-medium text-slate-700">{t('book.courier')}</span>
          <select aria-label={t('book.courier')} className={select} value={provider} onChange={(e) => setProvider(e.target.value as CourierProvider)}>
            {providers.data?.map((p) => (
              <option key={p.provider} value={p.provider}>{p.label}</option>
            ))}
          </select>
        </label>
        {needsPlace && (
          <>
            <label className="grid gap-1">
              <span className="font-medium text-slate-700">{t('book.city')}</span>
              <select aria-label={t('book.city')} className={select} value={cityId ?? ''} onChange={(e) => (setCityId(Number(e.target.value) || undefined), setZoneId(undefined), setAreaId(undefined))}>
                <option value="">{t('book.chooseCity')}</option>
                {cities.data?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </label>
            <label className="grid gap-1">
              <span className="font-medium text-slate-700">{t('book.zone')}</span>
              <select aria-label={t('book.zone')} className={select} value={zoneId ?? ''} disabled={!cityId} onChange={(e) => (setZoneId(Number(e.target.value) || undefined), setAreaId(undefined))}>
                <option value="">{t('book.chooseZone')}</option>
                {zones.data?.map((z) => <option key={z.id} value={z.id}>{z.name}</option>)}
              </select>
            </label>
            <label className="grid gap-1">
              <span className="font-medium text-slate-700">{t('book.areaOptional')}</span>
              <select aria-label={t('book.area')} className={select} value={areaId ?? ''} disabled={!zoneId} onChange={(e) => setAreaId(Number(e.target.value) || undefined)}>
                <option value="">{t('book.anyArea')}</option>
                {areas.data?.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
              </select>
            </label>
          </>
        )}
        <p className="text-slate-700">
          {t('book.cashToCollect')} <strong>{formatTaka(cod)}</strong>
          {cod === 0 && ` ${t('book.paidOrder')}`}
        </p>
        {failure && <p role="alert" className="rounded bg-red-50 p-2 text-red-700">{failure}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-100">{t('book.cancel')}</button>
          <button type="button" onClick={confirm} disabled={!ready || book.isPending} className="rounded bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
            {book.isPending ? t('book.booking') : t('book.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
