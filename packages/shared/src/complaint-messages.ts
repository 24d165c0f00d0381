/**
 * The complaints form's messages (issue 27, decision 0077), apart from its zod schema
 * (schemas/complaint.ts): the web's Bangla tables name them, and those load in a Bangla
 * shopper's first visit, which must not bring zod with them (decision 0089).
 */
export const COMPLAINT_MESSAGES = {
  name: 'Enter your name.',
  nameLong: 'Name is too long',
  mobile: 'Valid mobile number required',
  order: 'The order number is too long.',
  text: 'Tell us what happened.',
  textLong: 'The complaint is too long (at most 2000 characters).',
  note: 'The note is too long (at most 500 characters).',
} as const;
