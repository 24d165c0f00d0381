import { SteadfastError, type SteadfastClient, type SteadfastOrderInput } from '../../integrations/steadfast';
import { steadfastStage } from './stages';
import { CourierRefused, CourierUnavailable, type Courier, type Parcel } from './types';

function orderInput(p: Parcel): SteadfastOrderInput {
  return {
    invoice: p.invoice,
    recipient_name: p.recipientName,
    recipient_phone: p.recipientPhone,
    recipient_address: p.recipientAddress,
    cod_amount: p.codAmount,
    ...(p.note && { note: p.note }),
    item_description: p.itemDescription,
    total_lot: p.itemQuantity,
    delivery_type: 0,
  };
}

/** The client's errors in the courier interface's two kinds. */
function translate(err: unknown): unknown {
  if (!(err instanceof SteadfastError)) return err;
  return err.transient || err.kind === 'bad_response' ? new CourierUnavailable(`${err.message}.`) : new CourierRefused(err.message);
}

/** Steadfast behind the courier interface, on the one Steadfast client (integrations/steadfast). */
export function steadfastCourier(client: SteadfastClient): Courier {
  return {
    provider: 'steadfast',
    async book(p) {
      try {
        const { consignment } = await client.createOrder(orderInput(p));
        return { consignmentId: String(consignment.consignment_id), trackingCode: consignment.tracking_code, status: consignment.status };
      } catch (err) {
        throw translate(err);
      }
    },
    async bookMany(parcels) {
      let rows;
      try {
        rows = await client.bulkOrder(parcels.map(orderInput));
      } catch (err) {
        throw translate(err);
      }
      // Rows are matched by invoice, not position: a courier may answer them in any order.
      const byInvoice = new Map(rows.map((r) => [r.invoice, r]));
      return parcels.map((p) => {
        const row = byInvoice.get(p.invoice);
        if (!row) return new CourierRefused('Steadfast gave no answer for this order.');
        if (row.status !== 'success' || row.consignment_id === null) return new CourierRefused(row.error ?? 'Steadfast refused this order.');
        return { consignmentId: String(row.consignment_id), trackingCode: row.tracking_code ?? '', status: 'in_review' };
      });
    },
    async status(id) {
      try {
        const res = await client.statusByConsignmentId(id);
        return { status: res.delivery_status, message: `Steadfast: ${res.delivery_status.replaceAll('_', ' ')}`, at: new Date() };
      } catch (err) {
        throw translate(err);
      }
    },
    stageOf: steadfastStage,
  };
}
