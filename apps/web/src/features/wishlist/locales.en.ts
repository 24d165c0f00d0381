/** The wishlist (namespace 'wishlist', issue 45). */
const en = {
  save: 'Save to wishlist',
  saved: 'On your wishlist',
  title: 'Wishlist',
  empty: 'Your wishlist is empty.',
  remove: 'Remove {{name}}',
  soldOut: 'Out of stock: we will text your account’s number when it is back.',
  soldOutGuest: 'Out of stock: sign in with a mobile to be texted when it is back.',
};

export default en;
