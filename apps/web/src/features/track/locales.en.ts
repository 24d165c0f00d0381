/** /track (namespace 'track'). */
const en = {
  title: 'Track your order',
  orderId: 'Order ID',
  orderIdExample: 'HT-20261122-7Q4K9M',
  mobileExample: '01XXXXXXXXX',
  mobile: 'Mobile number',
  check: 'Check the order id and mobile number.',
  looking: 'Looking…',
  track: 'Track',
  order: 'Order {{orderId}}',
  orderLabel: 'Order',
  steps: 'Steps',
  notYet: 'Not yet',
  updates: 'Updates',
  // The order's money (issue 42): what a cash-on-delivery shopper hands the rider, and what came back.
  payment: 'Payment',
  total: 'Order total',
  paid: 'Paid',
  dueOnDelivery: 'To pay on delivery',
  refundDone: 'Refunded',
  refundDue: 'Refund to come',
  exchanges: 'Exchanges',
  exchange: '{{n}} × {{name}}: {{from}} → {{to}} ({{state}})',
  exchangeState: { requested: 'Asked', approved: 'Approved', rejected: 'Rejected', received: 'Received' },
};

export default en;
