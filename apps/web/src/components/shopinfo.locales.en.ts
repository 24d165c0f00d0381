/** What every page shows of the shop (issue 27, decision 0077): business details, policy links, product promises (namespace 'shopInfo'). */
const en = {
  policies: 'Shop policies',
  terms: 'Terms and Conditions',
  returns: 'Return & Refund Policy',
  delivery: 'Delivery Policy',
  privacy: 'Privacy Policy',
  complain: 'Complaints',
  dncrp: 'Consumer complaints to the government (DNCRP)',
  tradeLicence: 'Trade licence: {{value}}',
  dbid: 'DBID: {{value}}',
  bin: 'BIN: {{value}}',
  promises: {
    title: 'Delivery and returns',
    charge: 'Delivery charge',
    chargeValue: 'Inside Dhaka {{inside}} · Outside Dhaka {{outside}}',
    free: 'Free delivery',
    time: 'Delivery time',
    timeValue: 'Inside Dhaka within {{inside}} days · Elsewhere within {{outside}} days',
    returns: 'Returns',
    returnsValue: 'Return or exchange within {{days}} days of delivery.',
    policy: 'Return & Refund Policy',
  },
};

export default en;
