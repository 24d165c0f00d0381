import { synonymsSchema } from '@haat/shared/schemas/search-synonyms';

/**
 * The demo shop's search synonyms (issue 19, decision 0049): words a
 * Bangladeshi shopper types for what the catalogue names otherwise, in
 * English, Bangla and Banglish. The owner edits them on the admin's Search
 * synonyms page; the seed only writes them into an empty shop.
 */
export const DEMO_SYNONYMS: string[][] = [
  ['saree', 'sari', 'shari', 'sharee', 'শাড়ি'],
  ['atta', 'aata', 'আটা', 'flour'],
  ['panjabi', 'punjabi', 'panjabee', 'পাঞ্জাবি'],
  ['lungi', 'লুঙ্গি'],
  ['orna', 'orhna', 'dupatta', 'ওড়না'],
  ['kantha', 'katha', 'কাঁথা'],
  ['umbrella', 'chata', 'chhata', 'ছাতা'],
  ['watch', 'ghori', 'ঘড়ি'],
  ['tea', 'cha', 'চা'],
  ['leaf', 'pata', 'পাতা'],
  ['curd', 'yogurt', 'yoghurt', 'doi', 'দই'],
  ['attar', 'itor', 'আতর'],
  ['perfume', 'parfum', 'fragrance', 'cologne', 'সুগন্ধি'],
  ['fridge', 'refrigerator', 'ফ্রিজ'],
  ['tv', 'television', 'টিভি'],
  ['lantern', 'fanus', 'fanush', 'ফানুস'],
  ['ghee', 'ghi', 'ঘি'],
  ['honey', 'modhu', 'মধু'],
  ['diaper', 'nappy', 'ডায়াপার'],
  ['salt', 'lobon', 'লবণ'],
  ['sugar', 'chini', 'চিনি'],
  ['soap', 'saban', 'সাবান'],
  ['lentil', 'lentils', 'dal', 'daal', 'ডাল'],
];

/** The demo synonyms as search stores them (NFC, lower case). */
export function demoSynonymGroups(): string[][] {
  return synonymsSchema.parse({ groups: DEMO_SYNONYMS }).groups;
}
