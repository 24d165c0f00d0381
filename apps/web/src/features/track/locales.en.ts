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
};

export default en;
