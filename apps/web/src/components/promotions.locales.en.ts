/** What shoppers see of promotions (issue 22): badges, the voucher field, the quote's lines, an order's promotions (namespace 'promotions'). */
const en = {
  voucherCode: 'Voucher code',
  voucherPlaceholder: 'e.g. EID10',
  apply: 'Apply',
  remove: 'Remove',
  applied: 'Code {{code}} applied',
  removeCode: 'Remove code {{code}}',
  percentOff: '−{{n}} %',
  amountOff: '−{{amount}}',
  buyGet: 'Buy {{buy}} get {{get}}',
  freeDelivery: 'Free delivery',
  deliverySaving: 'Delivery discount',
  addForFreeDelivery: 'Add {{amount}} more for free delivery',
  freeDeliveryReached: 'You get free delivery',
  discountTotal: 'Discount',
  promotions: 'Promotions',
};

export default en;
