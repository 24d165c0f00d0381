/*
 * Paperfly's districts and thanas (decision 0129). Paperfly wants `customerThana` and `customerDistrict` in its
 * own words and documents no endpoint to list them, so Haat keeps them here for the districts whose thanas it
 * knows (Dhaka, Chattogram, Gazipur, Narayanganj), keyed by packages/shared districts.ts. An address elsewhere,
 * or naming none of its district's thanas, is refused with a message saying so, and nothing is booked.
 */
export const PAPERFLY_THANAS: Record<string, { district: string; thanas: readonly string[] }> = {
  dhaka: {
    district: 'Dhaka',
    thanas: [
      'Adabor', 'Airport', 'Ashulia', 'Badda', 'Banani', 'Bangshal', 'Bhashantek', 'Bhatara', 'Cantonment', 'Chawkbazar', 'Dakshinkhan',
      'Darus Salam', 'Demra', 'Dhamrai', 'Dhanmondi', 'Dohar', 'Gendaria', 'Gulshan', 'Hatirjheel', 'Hazaribagh', 'Jatrabari', 'Kadamtali',
      'Kafrul', 'Kalabagan', 'Kamrangirchar', 'Keraniganj', 'Khilgaon', 'Khilkhet', 'Kotwali', 'Lalbagh', 'Mirpur', 'Mohammadpur',
      'Motijheel', 'Mugda', 'Nawabganj', 'New Market', 'Pallabi', 'Paltan', 'Ramna', 'Rampura', 'Rupnagar', 'Sabujbagh', 'Savar',
      'Shah Ali', 'Shahbagh', 'Shahjahanpur', 'Sher-e-Bangla Nagar', 'Shyampur', 'Sutrapur', 'Tejgaon', 'Tejgaon Industrial Area',
      'Turag', 'Uttara', 'Uttara East', 'Uttara West', 'Uttarkhan', 'Vatara', 'Wari',
    ],
  },
  chattogram: {
    district: 'Chattogram',
    thanas: [
      'Akbar Shah', 'Bakalia', 'Bandar', 'Bayazid Bostami', 'Chandgaon', 'Chawkbazar', 'Double Mooring', 'EPZ', 'Halishahar', 'Hathazari',
      'Karnaphuli', 'Khulshi', 'Kotwali', 'Pahartali', 'Panchlaish', 'Patenga', 'Patiya', 'Raozan', 'Sitakunda',
    ],
  },
  gazipur: { district: 'Gazipur', thanas: ['Gazipur Sadar', 'Joydebpur', 'Kaliakair', 'Kaliganj', 'Kapasia', 'Sreepur', 'Tongi'] },
  narayanganj: { district: 'Narayanganj', thanas: ['Araihazar', 'Bandar', 'Fatullah', 'Narayanganj Sadar', 'Rupganj', 'Siddhirganj', 'Sonargaon'] },
};
