import { isInsideDhaka } from './dhaka';

/**
 * Bangladesh's 64 districts (জেলা), for choosing a courier by district (issue 46, decision 0122): a key, the
 * English and Bangla names, and the other spellings shoppers type (old and new romanisations).
 */
export const DISTRICTS = [
  ['bagerhat', 'Bagerhat', 'বাগেরহাট'], ['bandarban', 'Bandarban', 'বান্দরবান'], ['barguna', 'Barguna', 'বরগুনা'],
  ['barishal', 'Barishal', 'বরিশাল', 'barisal'], ['bhola', 'Bhola', 'ভোলা'], ['bogura', 'Bogura', 'বগুড়া', 'bogra'],
  ['brahmanbaria', 'Brahmanbaria', 'ব্রাহ্মণবাড়িয়া'], ['chandpur', 'Chandpur', 'চাঁদপুর'],
  ['chapainawabganj', 'Chapai Nawabganj', 'চাঁপাইনবাবগঞ্জ', 'chapai nawabganj'], ['chattogram', 'Chattogram', 'চট্টগ্রাম', 'chittagong', 'ctg'],
  ['chuadanga', 'Chuadanga', 'চুয়াডাঙ্গা'], ['cumilla', 'Cumilla', 'কুমিল্লা', 'comilla'], ['coxsbazar', "Cox's Bazar", 'কক্সবাজার', 'coxs bazar', 'cox s bazar'],
  ['dhaka', 'Dhaka', 'ঢাকা', 'dacca', 'dhakka'], ['dinajpur', 'Dinajpur', 'দিনাজপুর'], ['faridpur', 'Faridpur', 'ফরিদপুর'], ['feni', 'Feni', 'ফেনী'],
  ['gaibandha', 'Gaibandha', 'গাইবান্ধা'], ['gazipur', 'Gazipur', 'গাজীপুর'], ['gopalganj', 'Gopalganj', 'গোপালগঞ্জ'],
  ['habiganj', 'Habiganj', 'হবিগঞ্জ', 'hobiganj'], ['jamalpur', 'Jamalpur', 'জামালপুর'], ['jashore', 'Jashore', 'যশোর', 'jessore'],
  ['jhalokati', 'Jhalokati', 'ঝালকাঠি', 'jhalakathi'], ['jhenaidah', 'Jhenaidah', 'ঝিনাইদহ'], ['joypurhat', 'Joypurhat', 'জয়পুরহাট'],
  ['khagrachhari', 'Khagrachhari', 'খাগড়াছড়ি', 'khagrachari'], ['khulna', 'Khulna', 'খুলনা'], ['kishoreganj', 'Kishoreganj', 'কিশোরগঞ্জ'],
  ['kurigram', 'Kurigram', 'কুড়িগ্রাম'], ['kushtia', 'Kushtia', 'কুষ্টিয়া'], ['lakshmipur', 'Lakshmipur', 'লক্ষ্মীপুর', 'laxmipur'],
  ['lalmonirhat', 'Lalmonirhat', 'লালমনিরহাট'], ['madaripur', 'Madaripur', 'মাদারীপুর'], ['magura', 'Magura', 'মাগুরা'],
  ['manikganj', 'Manikganj', 'মানিকগঞ্জ'], ['meherpur', 'Meherpur', 'মেহেরপুর'], ['moulvibazar', 'Moulvibazar', 'মৌলভীবাজার', 'maulvibazar'],
  ['munshiganj', 'Munshiganj', 'মুন্সীগঞ্জ', 'মুন্সিগঞ্জ'], ['mymensingh', 'Mymensingh', 'ময়মনসিংহ'], ['naogaon', 'Naogaon', 'নওগাঁ'],
  ['narail', 'Narail', 'নড়াইল'], ['narayanganj', 'Narayanganj', 'নারায়ণগঞ্জ'], ['narsingdi', 'Narsingdi', 'নরসিংদী'], ['natore', 'Natore', 'নাটোর'],
  ['netrokona', 'Netrokona', 'নেত্রকোনা', 'netrakona'], ['nilphamari', 'Nilphamari', 'নীলফামারী'], ['noakhali', 'Noakhali', 'নোয়াখালী'],
  ['pabna', 'Pabna', 'পাবনা'], ['panchagarh', 'Panchagarh', 'পঞ্চগড়'], ['patuakhali', 'Patuakhali', 'পটুয়াখালী'], ['pirojpur', 'Pirojpur', 'পিরোজপুর'],
  ['rajbari', 'Rajbari', 'রাজবাড়ী'], ['rajshahi', 'Rajshahi', 'রাজশাহী'], ['rangamati', 'Rangamati', 'রাঙ্গামাটি', 'রাঙামাটি'], ['rangpur', 'Rangpur', 'রংপুর'],
  ['satkhira', 'Satkhira', 'সাতক্ষীরা'], ['shariatpur', 'Shariatpur', 'শরীয়তপুর'], ['sherpur', 'Sherpur', 'শেরপুর'], ['sirajganj', 'Sirajganj', 'সিরাজগঞ্জ'],
  ['sunamganj', 'Sunamganj', 'সুনামগঞ্জ'], ['sylhet', 'Sylhet', 'সিলেট'], ['tangail', 'Tangail', 'টাঙ্গাইল'], ['thakurgaon', 'Thakurgaon', 'ঠাকুরগাঁও'],
].map(([key, en, bn, ...also]) => ({ key: key!, en: en!, bn: bn!, also }));

export type District = (typeof DISTRICTS)[number];

/** The two zones a rule may name instead of a district: the inside/outside Dhaka split every courier prices by. */
export const COURIER_ZONES = ['inside_dhaka', 'outside_dhaka'] as const;
export type CourierZone = (typeof COURIER_ZONES)[number];

const DISTRICT_KEYS = new Set(DISTRICTS.map((d) => d.key));
export const isDistrictKey = (key: string): boolean => DISTRICT_KEYS.has(key);

function words(text: string): string {
  const plain = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/['’`]/g, '')
    .replace(/(\p{L}|\p{M})(\p{N})/gu, '$1 $2')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}

const SPELLINGS = DISTRICTS.map((d) => ({ key: d.key, names: [d.key, d.en, d.bn, ...d.also].map(words) }));
/** "Dhaka Division" names thirteen districts, not the district: never read as Dhaka. */
const withoutDivision = (text: string) => text.replace(/ (dhaka|ঢাকা) (division|div|বিভাগ|বিভাগের) /g, ' ');
const named = (text: string) => SPELLINGS.find((s) => s.names.some((n) => text.includes(n)))?.key ?? null;

/**
 * The district of a delivery address: the one its city names, else the one its address line names; null when
 * neither names one (the owner's fallback courier then applies).
 */
export function districtOf(address: { address_line: string; city: string }): string | null {
  return named(withoutDivision(words(address.city ?? ''))) ?? named(withoutDivision(words(address.address_line ?? '')));
}

/** The zone of a delivery address, by the shop's one inside-Dhaka rule (decision 0048). */
export const zoneOf = (address: { address_line: string; city: string }): CourierZone => (isInsideDhaka(address) ? 'inside_dhaka' : 'outside_dhaka');
