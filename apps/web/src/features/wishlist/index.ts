/**
 * This feature's door (decision 0108): the product page's "Save to wishlist" button (loaded lazily by the catalogue's
 * purchase panel); the wishlist page is loaded by the router.
 */
export { default as WishlistButton } from './components/WishlistButton';
