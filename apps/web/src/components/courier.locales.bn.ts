import type { Locale } from '@/i18n';
import type en from './courier.locales.en';

/** The Bangla of ./courier.locales.en.ts, loaded only in Bangla (decision 0082). */
const bn: Locale<typeof en> = {
  courierUpdates: 'কুরিয়ারের খবর',
  stage: {
    placed: 'অর্ডার হয়েছে',
    booked: 'বুক হয়েছে',
    picked: 'পিকআপ হয়েছে',
    in_transit: 'পথে আছে',
    delivered: 'ডেলিভারি হয়েছে',
    partial: 'আংশিক ডেলিভারি হয়েছে',
    returned: 'ফেরত গেছে',
    cancelled: 'বাতিল হয়েছে',
    note: 'নতুন খবর',
  },
  courierStatus: {
    placed: 'অর্ডার হয়েছে',
    in_review: 'বুক হয়েছে, যাচাই চলছে',
    pending: 'অপেক্ষমাণ',
    hold: 'আটকে আছে',
    on_hold: 'আটকে আছে',
    delivered_approval_pending: 'ডেলিভারি হয়েছে, নিশ্চিতকরণের অপেক্ষায়',
    delivered: 'ডেলিভারি হয়েছে',
    partial_delivered_approval_pending: 'আংশিক ডেলিভারি হয়েছে, নিশ্চিতকরণের অপেক্ষায়',
    partial_delivered: 'আংশিক ডেলিভারি হয়েছে',
    partial_delivery: 'আংশিক ডেলিভারি হয়েছে',
    cancelled_approval_pending: 'বাতিল হয়েছে, নিশ্চিতকরণের অপেক্ষায়',
    cancelled: 'বাতিল হয়েছে',
    unknown_approval_pending: 'অবস্থা অজানা, নিশ্চিতকরণের অপেক্ষায়',
    unknown: 'অবস্থা অজানা',
    created: 'বুক হয়েছে',
    updated: 'তথ্য হালনাগাদ হয়েছে',
    pickup_requested: 'পিকআপের অনুরোধ করা হয়েছে',
    assigned_for_pickup: 'পিকআপের জন্য রাইডার ঠিক হয়েছে',
    picked: 'পিকআপ হয়েছে',
    pickup_failed: 'পিকআপ হয়নি',
    pickup_cancelled: 'পিকআপ বাতিল হয়েছে',
    at_the_sorting_hub: 'বাছাই কেন্দ্রে আছে',
    in_transit: 'পথে আছে',
    received_at_last_mile_hub: 'কাছের হাবে পৌঁছেছে',
    assigned_for_delivery: 'ডেলিভারির পথে',
    returned: 'ফেরত গেছে',
    return: 'ফেরত গেছে',
    paid_return: 'ফেরত গেছে, চার্জ পরিশোধিত',
    delivery_failed: 'ডেলিভারি হয়নি',
    paid: 'দোকানকে টাকা দেওয়া হয়েছে',
    exchanged: 'বদলে দেওয়া হয়েছে',
  },
};

export default bn;
