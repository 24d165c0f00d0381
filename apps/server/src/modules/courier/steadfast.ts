import type { SteadfastClient, SteadfastOrderInput } from '../../integrations/steadfast';
import { steadfastStage } from './stages';
import { courierRefusal, type Courier, type Parcel } from './types';

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

/** Steadfast behind the courier interface, on the one Steadfast client (integrations/steadfast). */
export function steadfastCourier(client: SteadfastClient): Courier {
  return {
    provider: 'steadfast',
    // Its invoice must be unique: a second create_order of one order is refused ("The invoice has already been taken.").
    uniqueInvoice: true,
    async book(p) {
      const { consignment } = await client.createOrder(orderInput(p));
      return { consignmentId: String(consignment.consignment_id), trackingCode: consignment.tracking_code, status: consignment.status };
    },
    async bookMany(parcels) {
      const rows = await client.bulkOrder(parcels.map(orderInput));
      // Rows are matched by invoice, not position: a courier may answer them in any order.
      const byInvoice = new Map(rows.map((r) => [r.invoice, r]));
      return parcels.map((p) => {
        const row = byInvoice.get(p.invoice);
        if (!row) return courierRefusal('Steadfast', 'Steadfast gave no answer for this order.');
        if (row.status !== 'success' || row.consignment_id === null) return courierRefusal('Steadfast', row.error ?? 'Steadfast refused this order.');
        return { consignmentId: String(row.consignment_id), trackingCode: row.tracking_code ?? '', status: 'in_review' };
      });
    },
    async status(id) {
      const res = await client.statusByConsignmentId(id);
      return { status: res.delivery_status, message: `Steadfast: ${res.delivery_status.replaceAll('_', ' ')}`, at: new Date() };
    },
    stageOf: steadfastStage,
  };
}
