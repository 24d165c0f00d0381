/** The policy pages and the complaints form (namespace 'policies'). */
const en = {
  updated: 'Last updated {{date}}',
  complaint: {
    title: 'Make a complaint',
    intro: 'Tell us what went wrong. We act on every complaint within {{hours}} hours and call you on the mobile you give.',
    name: 'Your name',
    mobile: 'Mobile number',
    orderId: 'Order number (if any)',
    text: 'What happened?',
    send: 'Send complaint',
    sending: 'Sending…',
    sent: 'Thank you. Your complaint is received; we will act on it by {{due}}.',
    government: 'You may also complain to the Directorate of National Consumer Rights Protection:',
  },
};

export default en;
