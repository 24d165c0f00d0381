/**
 * Is a delivery address inside Dhaka (the inside-Dhaka delivery fee)? The
 * spec's rule is "address_line + city mention dhaka"; shoppers also type the
 * city in Bangla (ঢাকা, ঢাকায়), as Dacca, or glued to the post code
 * (Dhaka-1207, Dhaka1207), and a place outside the city often names its
 * division ("Gazipur, Dhaka Division"). See decision 0048.
 *
 * 1. The city field naming another district (Gazipur, Narayanganj, চট্টগ্রাম…)
 *    is outside Dhaka, whatever else is written: "Tongi, Dhaka" in the
 *    address line with Gazipur as the city is a Gazipur parcel.
 * 2. Else inside when the city or the address line names Dhaka as a word.
 *    "Dhaka Division" / "ঢাকা বিভাগ" does not count: the division holds
 *    thirteen districts.
 * 3. Else outside.
 */

/** Words that name Dhaka. Bangla case endings ঢাকায় (in Dhaka), ঢাকার (of Dhaka) are the same place. */
const DHAKA_WORDS = ['dhaka', 'dacca', 'dhakka', 'ঢাকা', 'ঢাকায়', 'ঢাকার'];

/** Phrases that name the division, not the city. */
const DIVISION_PHRASES = ['dhaka division', 'dhaka div', 'ঢাকা বিভাগ', 'ঢাকা বিভাগের'];

/** The other 63 districts, with the spellings shoppers use (old and new romanisations, Bangla). */
const OTHER_DISTRICTS = [
  'bagerhat', 'বাগেরহাট', 'bandarban', 'বান্দরবান', 'barguna', 'বরগুনা', 'barisal', 'barishal', 'বরিশাল',
  'bhola', 'ভোলা', 'bogra', 'bogura', 'বগুড়া', 'brahmanbaria', 'ব্রাহ্মণবাড়িয়া', 'chandpur', 'চাঁদপুর',
  'chapai nawabganj', 'chapainawabganj', 'চাঁপাইনবাবগঞ্জ', 'chittagong', 'chattogram', 'চট্টগ্রাম',
  'chuadanga', 'চুয়াডাঙ্গা', 'comilla', 'cumilla', 'কুমিল্লা', 'coxs bazar', 'cox s bazar', 'coxsbazar', 'কক্সবাজার',
  'dinajpur', 'দিনাজপুর', 'faridpur', 'ফরিদপুর', 'feni', 'ফেনী', 'gaibandha', 'গাইবান্ধা', 'gazipur', 'গাজীপুর',
  'gopalganj', 'গোপালগঞ্জ', 'habiganj', 'hobiganj', 'হবিগঞ্জ', 'jamalpur', 'জামালপুর', 'jessore', 'jashore', 'যশোর',
  'jhalokati', 'jhalakathi', 'ঝালকাঠি', 'jhenaidah', 'ঝিনাইদহ', 'joypurhat', 'জয়পুরহাট', 'khagrachari',
  'khagrachhari', 'খাগড়াছড়ি', 'khulna', 'খুলনা', 'kishoreganj', 'কিশোরগঞ্জ', 'kurigram', 'কুড়িগ্রাম',
  'kushtia', 'কুষ্টিয়া', 'lakshmipur', 'laxmipur', 'লক্ষ্মীপুর', 'lalmonirhat', 'লালমনিরহাট', 'madaripur', 'মাদারীপুর',
  'magura', 'মাগুরা', 'manikganj', 'মানিকগঞ্জ', 'meherpur', 'মেহেরপুর', 'moulvibazar', 'maulvibazar', 'মৌলভীবাজার',
  'munshiganj', 'মুন্সীগঞ্জ', 'মুন্সিগঞ্জ', 'mymensingh', 'ময়মনসিংহ', 'naogaon', 'নওগাঁ', 'narail', 'নড়াইল',
  'narayanganj', 'নারায়ণগঞ্জ', 'narsingdi', 'নরসিংদী', 'natore', 'নাটোর', 'netrokona', 'netrakona', 'নেত্রকোনা',
  'nilphamari', 'নীলফামারী', 'noakhali', 'নোয়াখালী', 'pabna', 'পাবনা', 'panchagarh', 'পঞ্চগড়', 'patuakhali', 'পটুয়াখালী',
  'pirojpur', 'পিরোজপুর', 'rajbari', 'রাজবাড়ী', 'rajshahi', 'রাজশাহী', 'rangamati', 'রাঙ্গামাটি', 'রাঙামাটি',
  'rangpur', 'রংপুর', 'satkhira', 'সাতক্ষীরা', 'shariatpur', 'শরীয়তপুর', 'sherpur', 'শেরপুর', 'sirajganj', 'সিরাজগঞ্জ',
  'sunamganj', 'সুনামগঞ্জ', 'sylhet', 'সিলেট', 'tangail', 'টাঙ্গাইল', 'thakurgaon', 'ঠাকুরগাঁও',
];

/**
 * Text as words between single spaces: NFC (so ড়/য় typed either way match),
 * lower case, no zero-width joiners (Bangla keyboards insert them), anything
 * but letters, marks and digits a space, and digits split from letters
 * ("Dhaka1207" is "dhaka 1207").
 */
function words(text: string): string {
  const plain = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/['’`]/g, '')
    .replace(/(\p{L}|\p{M})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}

const asPhrases = (list: string[]) => list.map((w) => words(w));
const DHAKA = asPhrases(DHAKA_WORDS);
const DIVISION = asPhrases(DIVISION_PHRASES);
const DISTRICTS = asPhrases(OTHER_DISTRICTS);

function withoutDivision(text: string): string {
  let out = text;
  for (const phrase of DIVISION) out = out.split(phrase).join(' ');
  return out;
}

const names = (text: string, phrases: string[]) => phrases.some((p) => text.includes(p));

export function isInsideDhaka(address: { address_line: string; city: string }): boolean {
  const city = withoutDivision(words(address.city ?? ''));
  if (names(city, DISTRICTS)) return false;
  const line = withoutDivision(words(address.address_line ?? ''));
  return names(city, DHAKA) || names(line, DHAKA);
}
