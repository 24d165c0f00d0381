import { COMPLAINT_MESSAGES } from '@haat/shared/schemas/complaint';
import { registerLocales } from './index';

/**
 * Server and shared-schema messages a shopper can see, keyed by their exact
 * English text (see translateMessage in messages.ts). English maps to itself.
 * Errors are not here: they go by code (errors.bn.ts, decision 0052); what
 * stays is success messages, the shared schemas' rules and the web's own texts.
 */
const PAIRS: [en: string, bn: string][] = [
  ["Enter the recipient's name", 'প্রাপকের নাম লিখুন'],
  // Returns (issue 27): the shared return schemas' rules, and the server's answers.
  ['Choose return or exchange.', 'ফেরত না বদল, বেছে নিন।'],
  ['Choose the items to send back.', 'কোন পণ্য ফেরত দেবেন, বেছে নিন।'],
  ['Choose a reason.', 'একটি কারণ বেছে নিন।'],
  ['The note is too long (at most 500 characters).', 'নোটটি খুব বড় (সর্বোচ্চ ৫০০ অক্ষর)।'],
  ['Return requested.', 'ফেরতের অনুরোধ পাঠানো হয়েছে।'],
  ['Enter the order number.', 'অর্ডার নম্বর দিন।'],
  ['The voucher code is too long.', 'ভাউচার কোডটি খুব বড়।'],
  ['Address Line is required', 'ঠিকানার লাইন দিতে হবে'],
  ['Address Line is too long', 'ঠিকানার লাইনটি খুব বড়'],
  ['City is required', 'শহরের নাম দিতে হবে'],
  ['City is too long', 'শহরের নামটি খুব বড়'],
  ['Mobile is required', 'মোবাইল নম্বর দিতে হবে'],
  ['Mobile number must be exactly 11 digits', 'মোবাইল নম্বর ঠিক ১১ সংখ্যার হতে হবে'],
  ['Address id is required', 'ঠিকানার আইডি দরকার'],
  ['Email is required', 'ইমেইল দিতে হবে'],
  ['Invalid email address', 'ইমেইল ঠিকানাটি সঠিক নয়'],
  ['Invalid email format', 'ইমেইলের গঠন সঠিক নয়'],
  ['Email must be at most 254 characters', 'ইমেইল সর্বোচ্চ ২৫৪ অক্ষরের হতে পারে'],
  ['Password is required', 'পাসওয়ার্ড দিতে হবে'],
  ['Password must be at least 6 characters', 'পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে'],
  ['Password must be at least 8 characters', 'পাসওয়ার্ড অন্তত ৮ অক্ষরের হতে হবে'],
  ['Password must be at most 128 characters', 'পাসওয়ার্ড সর্বোচ্চ ১২৮ অক্ষরের হতে পারে'],
  ['Password must be at most 1024 characters', 'পাসওয়ার্ড সর্বোচ্চ ১০২৪ অক্ষরের হতে পারে'],
  ['Name is required', 'নাম দিতে হবে'],
  ['Name must be at most 100 characters', 'নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে'],
  ['Name is too long', 'নামটি খুব বড়'],
  ['Confirm Password is required', 'পাসওয়ার্ড নিশ্চিত করুন'],
  ['Passwords do not match', 'পাসওয়ার্ড দুটি মেলেনি'],
  ['Please enter a 6-digit OTP.', '৬ সংখ্যার OTP দিন।'],
  ['New Password is required', 'নতুন পাসওয়ার্ড দিতে হবে'],
  ['Confirm New Password is required', 'নতুন পাসওয়ার্ডটি নিশ্চিত করুন'],
  ['Passwords must match', 'পাসওয়ার্ড দুটি একই হতে হবে'],
  ['Your reset session is missing. Please verify the code sent to your email again.', 'আপনার পাসওয়ার্ড রিসেটের সেশন পাওয়া যায়নি। ইমেইলে পাঠানো কোডটি আবার যাচাই করুন।'],
  ['Only numbers are allowed', 'শুধু সংখ্যা দেওয়া যাবে'],
  ['Mobile number is too long', 'মোবাইল নম্বরটি খুব বড়'],
  ['Choose a product.', 'একটি পণ্য বেছে নিন।'],
  ['Choose a cart item.', 'কার্টের একটি পণ্য বেছে নিন।'],
  ['Quantity must be a whole number.', 'পরিমাণ একটি পূর্ণসংখ্যা হতে হবে।'],
  ['Quantity must be at least 1.', 'পরিমাণ অন্তত ১ হতে হবে।'],
  ['Quantity cannot be negative.', 'পরিমাণ ঋণাত্মক হতে পারে না।'],
  ['Quantity is too large.', 'পরিমাণটি খুব বেশি।'],
  ['Select a method', 'একটি পদ্ধতি বেছে নিন'],
  ['Transaction ID is too long', 'ট্রানজ্যাকশন আইডিটি খুব বড়'],
  ['Valid mobile number required', 'সঠিক মোবাইল নম্বর দিন'],
  ['Note is too long', 'নোটটি খুব বড়'],
  ['Each item needs a product.', 'প্রতিটি লাইনে একটি পণ্য থাকতে হবে।'],
  ['Too many items in one order.', 'একটি অর্ডারে খুব বেশি পণ্য।'],
  ['Choose a delivery address.', 'একটি ডেলিভারি ঠিকানা বেছে নিন।'],
  ['Network error. Please check your connection and try again.', 'নেটওয়ার্কে সমস্যা। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।'],
  ['Upload cancelled.', 'আপলোড বাতিল হয়েছে।'],
  ['Something went wrong.', 'কিছু একটা ভুল হয়েছে।'],
  ['User registered successfully', 'নিবন্ধন সফল হয়েছে'],
  ['Login successfully', 'লগইন সফল হয়েছে'],
  ['We have sent a code to this number.', 'এই নম্বরে একটি কোড পাঠানো হয়েছে।'],
  ['Mobile number verified.', 'মোবাইল নম্বর যাচাই হয়েছে।'],
  ['Mobile number verified. Your other account’s orders, addresses and cart are now here.', 'মোবাইল নম্বর যাচাই হয়েছে। আপনার অন্য অ্যাকাউন্টের অর্ডার, ঠিকানা ও কার্ট এখন এখানে।'],
  ['Logged out successfully', 'লগআউট সফল হয়েছে'],
  ['If an account exists for this email, we have sent a code to it.', 'এই ইমেইলে কোনো অ্যাকাউন্ট থাকলে আমরা সেখানে একটি কোড পাঠিয়েছি।'],
  ['OTP verified successfully', 'OTP যাচাই সফল হয়েছে'],
  ['Password updated successfully', 'পাসওয়ার্ড আপডেট হয়েছে'],
  ['Profile updated successfully', 'প্রোফাইল আপডেট হয়েছে'],
  ['Avatar updated successfully', 'ছবি আপডেট হয়েছে'],
  ['Too many wrong codes were entered for your account today, so we cannot send a new password reset code for now.', 'আজ আপনার অ্যাকাউন্টে অনেকবার ভুল কোড দেওয়া হয়েছে, তাই এখন নতুন রিসেট কোড পাঠানো যাচ্ছে না।'],
  ['Please enter the 8-digit code from the e-mail.', 'ই-মেইলে পাওয়া ৮ সংখ্যার কোডটি লিখুন।'],
  ['Unauthorized.', 'অনুমতি নেই।'],
  ['The owner of this account is disabled', 'এই অ্যাকাউন্টটি বন্ধ করা আছে'],
  ['Nothing was updated.', 'কিছুই বদলানো হয়নি।'],
  ['Address added successfully', 'ঠিকানা যোগ হয়েছে'],
  ['Address updated successfully', 'ঠিকানা আপডেট হয়েছে'],
  ['Address deleted successfully', 'ঠিকানা মুছে ফেলা হয়েছে'],
  // Shared labels (formatDeliveryFee); payment methods and order statuses are orderWords.ts's.
  ['Free', 'ফ্রি'],
  // /track
  ['Enter your order id.', 'আপনার অর্ডার আইডি দিন।'],
  ['That is not an order id.', 'এটি কোনো অর্ডার আইডি নয়।'],
  ['Enter the mobile number of the order.', 'অর্ডারের মোবাইল নম্বরটি দিন।'],
  ['That is not a mobile number.', 'এটি কোনো মোবাইল নম্বর নয়।'],
  ['Add To Cart Successfully.', 'কার্টে যোগ হয়েছে।'],
  ['Address deleted', 'ঠিকানা মুছে ফেলা হয়েছে'],
  ['Failed to fetch user details', 'আপনার তথ্য আনা যায়নি'],
  ['Failed to fetch address details', 'ঠিকানাগুলো আনা যায়নি'],
  ['Item added to cart.', 'পণ্যটি কার্টে যোগ হয়েছে।'],
  ['Item removed from cart.', 'পণ্যটি কার্ট থেকে সরানো হয়েছে।'],
  ['Cart updated.', 'কার্ট আপডেট হয়েছে।'],
  ['Order placed successfully.', 'অর্ডার সফলভাবে দেওয়া হয়েছে।'],
  // The COD confirmation code (issue 26).
  ['Code sent.', 'কোড পাঠানো হয়েছে।'],
  ['Order placed.', 'অর্ডার দেওয়া হয়েছে।'],
  // The complaints form (issue 27, schemas/complaint.ts).
  [COMPLAINT_MESSAGES.name, 'আপনার নাম লিখুন।'],
  [COMPLAINT_MESSAGES.order, 'অর্ডার নম্বরটি খুব বড়।'],
  [COMPLAINT_MESSAGES.text, 'কী হয়েছিল জানান।'],
  [COMPLAINT_MESSAGES.textLong, 'অভিযোগটি খুব বড় (সর্বোচ্চ ২০০০ অক্ষর)।'],
  ['Complaint received. We will act on it within 72 hours.', 'অভিযোগ পেয়েছি। ৭২ ঘণ্টার মধ্যে ব্যবস্থা নেব।'],
  ['Unauthorized', 'অনুমতি নেই'],
  ['The incoming token has expired', 'আপনার লগইনের মেয়াদ শেষ হয়েছে'],
  ['Internal error', 'সার্ভারে সমস্যা হয়েছে'],
];

const en: Record<string, string> = Object.fromEntries(PAIRS.map(([e]) => [e, e]));
const bn: Record<string, string> = Object.fromEntries(PAIRS);
export const MESSAGES_NS = registerLocales('messages', { en, bn });

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
