/** What the shop says when the network is gone (issue 14: an offline page in the current language). */
const en = {
  banner: 'You are offline. Pages you have already opened still work.',
  title: 'You are offline',
  text: 'This page has not been saved on this device yet. Connect to the internet and try again.',
  retry: 'Try again',
};

export default en;
