/** The cart drawer, the header's cart button and the phone's cart bar (namespace 'cart'). */
const en = {
  /** i18next plurals; `n` is the count in Bengali digits. */
  // The spec's header summary reads 'Items' at any count ("1 Items"); issue 10 kept it.
  items_one: '{{n}} Items',
  items_other: '{{n}} Items',
  itemCount_one: '{{n}} item',
  itemCount_other: '{{n}} items',
  myCart: 'My Cart',
  viewCart: 'View Cart',
  cart: 'Cart',
  closeCart: 'Close cart',
  emptyCart: 'Empty cart',
  noItems: 'No items in your cart',
  shopNow: 'Shop Now',
  totalSavings: 'Your Total Savings',
  cartItems: 'Cart items',
  billDetails: 'Bill Details',
  itemsTotal: 'Items Total',
  totalQuantity: 'Total Quantity',
  deliveryCharge: 'Delivery Charge',
  free: 'Free',
  insideDhaka: 'Inside Dhaka: {{fee}}',
  outsideDhaka: 'Outside Dhaka: {{fee}}',
  grandTotal: 'Grand Total',
  checkout: 'Checkout',
};

export default en;
