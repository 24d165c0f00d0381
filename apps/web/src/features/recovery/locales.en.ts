/** A checkout recovery SMS's link (namespace 'recovery', issue 45). */
const en = {
  title: 'Your cart',
  opening: 'Bringing back your cart…',
  restored: 'Your cart and delivery address are back. Finish your order when you are ready.',
  voucher: 'Your voucher {{code}} is applied at checkout.',
  checkout: 'Go to checkout',
  stopIntro: 'Do not want these reminders?',
  stop: 'Stop these SMS',
  stopping: 'Saving…',
  stopped: 'Saved: no more reminder SMS to this number.',
};
export default en;
