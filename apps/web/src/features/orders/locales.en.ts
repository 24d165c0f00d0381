/** My Orders (namespace 'orders'). */
const en = {
  title: 'My Orders',
  empty: 'You have not ordered anything yet.',
  shopNow: 'Shop Now',
  order: 'Order {{orderId}}',
  deliveryOf: 'Delivery of {{orderId}}',
  itemsTotal: 'Items Total',
  deliveryCharge: 'Delivery Charge',
  grandTotal: 'Grand Total',
  payment: {
    paid: 'Paid',
    trx: 'trxID {{id}}',
    unpaid: 'Unpaid',
    toConfirm: 'Payment not confirmed yet',
    refunded: 'Refunded',
    cod: 'Cash on delivery',
  },
};

export default en;
