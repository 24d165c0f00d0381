/** The cart feature's door (decision 0108): the header's cart button and the phone's cart bar. */
export { CartButton } from './components/CartButton';
export { MobileCartBar } from './components/MobileCartBar';
