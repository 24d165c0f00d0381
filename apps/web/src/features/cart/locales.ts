import { registerLocales } from '@/i18n';

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
  subtotal: 'Subtotal',
  checkout: 'Checkout',
};

export const CART_NS = registerLocales('cart', {
  en,
  bn: {
    items_one: '{{n}}টি পণ্য',
    items_other: '{{n}}টি পণ্য',
    itemCount_one: '{{n}}টি পণ্য',
    itemCount_other: '{{n}}টি পণ্য',
    myCart: 'আমার কার্ট',
    viewCart: 'কার্ট দেখুন',
    cart: 'কার্ট',
    closeCart: 'কার্ট বন্ধ করুন',
    emptyCart: 'খালি কার্ট',
    noItems: 'আপনার কার্টে কোনো পণ্য নেই',
    shopNow: 'কেনাকাটা করুন',
    totalSavings: 'আপনার মোট সাশ্রয়',
    cartItems: 'কার্টের পণ্য',
    billDetails: 'বিলের বিবরণ',
    itemsTotal: 'পণ্যের মোট দাম',
    totalQuantity: 'মোট পরিমাণ',
    deliveryCharge: 'ডেলিভারি চার্জ',
    free: 'ফ্রি',
    insideDhaka: 'ঢাকার ভেতরে: {{fee}}',
    outsideDhaka: 'ঢাকার বাইরে: {{fee}}',
    grandTotal: 'সর্বমোট',
    subtotal: 'সাবটোটাল',
    checkout: 'চেকআউট',
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
