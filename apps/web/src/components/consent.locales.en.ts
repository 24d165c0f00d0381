/** The consent bar's texts (namespace 'consent'). */
const en = {
  label: 'Ads and analytics',
  text: 'May we tell Facebook and Google which products you view and buy here, so the shop can see which of its ads work? Nothing is shared until you agree.',
  allow: 'Allow',
  deny: 'No, thanks',
};

export default en;
