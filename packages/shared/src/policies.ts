import { z } from 'zod';
import { formatCount } from './numerals';
import { envelope } from './schemas/reply';
import { POLICY_SLUGS, policyBlocks, type PolicySlug } from './policy-text';
import { shopTerms, type ShopTerms } from './shop-terms';

/**
 * The shop's policy pages (issue 27, decision 0077): Terms, Return & Refund,
 * Delivery and Privacy, each in English and Bangla. The owner edits them; a
 * page never saved shows the default text below, built from the shop's terms
 * (the guidelines' deadlines), so it always says what the shop promises.
 * A body is plain text with three markdown-ish forms (a line "# " is a
 * heading, "- " a list item, a blank line ends a paragraph): the web draws
 * them as React text, so nothing in a body is ever HTML. The slugs, paths and
 * that drawing are in ./policy-text (no zod: the storefront's footer links them).
 */
export const POLICY_LIMITS = { title: 120, body: 8000 } as const;

const title = (label: string) =>
  z
    .string({ error: `Enter the ${label} title.` })
    .trim()
    .min(1, `Enter the ${label} title.`)
    .max(POLICY_LIMITS.title, `The ${label} title is too long (at most ${POLICY_LIMITS.title} characters).`);
const body = (label: string) =>
  z
    .string({ error: `Enter the ${label} text.` })
    .trim()
    .min(1, `Enter the ${label} text.`)
    .max(POLICY_LIMITS.body, `The ${label} text is too long (at most ${POLICY_LIMITS.body} characters).`);

/** PUT /shop/pages/{slug}: both languages at once, so a page is never half translated. */
export const policyPageInputSchema = z.object({
  title_en: title('English'),
  title_bn: title('Bangla'),
  body_en: body('English'),
  body_bn: body('Bangla'),
});
export type PolicyPageInput = z.infer<typeof policyPageInputSchema>;

export const policySlugParams = z.object({ slug: z.enum(POLICY_SLUGS, { error: 'No such page.' }) });

export const policyPageSchema = policyPageInputSchema.extend({
  slug: z.enum(POLICY_SLUGS),
  /** 0: the default text, never saved; each owner's save adds one. An order's consent keeps the terms' and privacy's. */
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type PolicyPage = z.infer<typeof policyPageSchema>;
export const policyPageReplySchema = envelope(policyPageSchema);
export const policyPagesReplySchema = envelope(z.array(policyPageSchema));

/** The first paragraph, for a page's meta description. */
export function policySummary(text: string): string {
  const first = policyBlocks(text).find((b) => b.kind === 'paragraph');
  return first && 'text' in first ? first.text : '';
}

type Lang = 'en' | 'bn';
const n = (v: number, lang: Lang) => formatCount(v, lang);

/** The default pages, in both languages, from the shop's terms. */
export function defaultPolicy(slug: PolicySlug, terms: ShopTerms = shopTerms()): PolicyPageInput {
  const d = DEFAULTS[slug];
  return { title_en: d.title.en, title_bn: d.title.bn, body_en: d.body(terms, 'en'), body_bn: d.body(terms, 'bn') };
}

const DEFAULTS: Record<PolicySlug, { title: Record<Lang, string>; body: (t: ShopTerms, lang: Lang) => string }> = {
  terms: {
    title: { en: 'Terms and Conditions', bn: 'শর্তাবলি' },
    body: (t, lang) =>
      lang === 'en'
        ? `These terms apply to every order placed in this shop. By placing an order you accept them, our Return & Refund Policy, our Delivery Policy and our Privacy Policy.

# Orders and prices
- Prices are in taka and include VAT. The delivery charge is shown before you order.
- An order is confirmed when we accept it; we tell you by SMS.
- If an item cannot be supplied we tell you within 48 hours and refund anything you paid for it within ${n(t.unsuppliedRefundHours, 'en')} hours.

# Delivery
We deliver within ${n(t.deliveryDaysInsideDhaka, 'en')} days inside Dhaka and ${n(t.deliveryDaysOutsideDhaka, 'en')} days elsewhere. A prepaid order that arrives late is refunded in full within ${n(t.lateDeliveryRefundDays, 'en')} days if you ask.

# Returns
You may return or exchange an item within ${n(t.returnWindowDays, 'en')} days of delivery, as the Return & Refund Policy explains.

# Complaints
Send a complaint through our complaints form; we act on it within ${n(t.complaintHours, 'en')} hours. You may also complain to the Directorate of National Consumer Rights Protection (dncrp.gov.bd).`
        : `এই দোকানে দেওয়া প্রতিটি অর্ডারে এই শর্তাবলি প্রযোজ্য। অর্ডার দিলে আপনি এই শর্তাবলি, আমাদের রিটার্ন ও রিফান্ড নীতি, ডেলিভারি নীতি এবং গোপনীয়তা নীতি মেনে নিচ্ছেন।

# অর্ডার ও দাম
- দাম টাকায়, ভ্যাটসহ। ডেলিভারি চার্জ অর্ডারের আগেই দেখানো হয়।
- আমরা অর্ডার গ্রহণ করলে তা নিশ্চিত হয়; আমরা এসএমএসে জানাই।
- কোনো পণ্য দিতে না পারলে আমরা ৪৮ ঘণ্টার মধ্যে জানাই এবং তার জন্য পরিশোধিত টাকা ${n(t.unsuppliedRefundHours, 'bn')} ঘণ্টার মধ্যে ফেরত দিই।

# ডেলিভারি
ঢাকার ভেতরে ${n(t.deliveryDaysInsideDhaka, 'bn')} দিনের মধ্যে এবং অন্যত্র ${n(t.deliveryDaysOutsideDhaka, 'bn')} দিনের মধ্যে ডেলিভারি দিই। আগে পরিশোধিত অর্ডার দেরিতে পৌঁছালে আপনি চাইলে ${n(t.lateDeliveryRefundDays, 'bn')} দিনের মধ্যে পুরো টাকা ফেরত দেওয়া হয়।

# রিটার্ন
ডেলিভারির ${n(t.returnWindowDays, 'bn')} দিনের মধ্যে পণ্য ফেরত বা বদল করতে পারেন, রিটার্ন ও রিফান্ড নীতিতে যেমন বলা আছে।

# অভিযোগ
আমাদের অভিযোগ ফর্মে অভিযোগ পাঠান; আমরা ${n(t.complaintHours, 'bn')} ঘণ্টার মধ্যে ব্যবস্থা নিই। জাতীয় ভোক্তা-অধিকার সংরক্ষণ অধিদপ্তরেও (dncrp.gov.bd) অভিযোগ করতে পারেন।`,
  },
  returns: {
    title: { en: 'Return & Refund Policy', bn: 'রিটার্ন ও রিফান্ড নীতি' },
    body: (t, lang) =>
      lang === 'en'
        ? `You may ask to return or exchange an item within ${n(t.returnWindowDays, 'en')} days of delivery.

# How to return
- Ask from My Orders, or from Track order with your order number and mobile.
- The item must be unused, with its tags and packaging.
- Tell us the reason; for an exchange, the size or colour you want.

# Refunds
- An approved return is refunded by the way you paid: bKash back to your bKash account; cash on delivery and other wallets to the mobile wallet you name.
- An item we cannot supply is refunded within ${n(t.unsuppliedRefundHours, 'en')} hours.
- A prepaid order delivered late is refunded in full within ${n(t.lateDeliveryRefundDays, 'en')} days.
- Refunds are never kept as shop credit.`
        : `ডেলিভারির ${n(t.returnWindowDays, 'bn')} দিনের মধ্যে পণ্য ফেরত বা বদলের অনুরোধ করতে পারেন।

# কীভাবে ফেরত দেবেন
- আমার অর্ডার থেকে, অথবা অর্ডার নম্বর ও মোবাইল দিয়ে অর্ডার ট্র্যাক পাতা থেকে অনুরোধ করুন।
- পণ্যটি অব্যবহৃত, ট্যাগ ও প্যাকেটসহ হতে হবে।
- কারণ জানান; বদলের জন্য কোন সাইজ বা রং চান তা জানান।

# রিফান্ড
- অনুমোদিত রিটার্নের টাকা যেভাবে পরিশোধ করেছেন সেভাবেই ফেরত: বিকাশে দিলে বিকাশে; ক্যাশ অন ডেলিভারি ও অন্য ওয়ালেটে দিলে আপনার দেওয়া মোবাইল ওয়ালেটে।
- যে পণ্য দিতে পারিনি তার টাকা ${n(t.unsuppliedRefundHours, 'bn')} ঘণ্টার মধ্যে ফেরত।
- আগে পরিশোধিত অর্ডার দেরিতে পৌঁছালে ${n(t.lateDeliveryRefundDays, 'bn')} দিনের মধ্যে পুরো টাকা ফেরত।
- ফেরতের টাকা কখনো দোকানের ক্রেডিট হিসেবে রাখা হয় না।`,
  },
  delivery: {
    title: { en: 'Delivery Policy', bn: 'ডেলিভারি নীতি' },
    body: (t, lang) =>
      lang === 'en'
        ? `We deliver all over Bangladesh through our courier partners.

# Delivery time
- Inside Dhaka: within ${n(t.deliveryDaysInsideDhaka, 'en')} days of your order.
- Elsewhere in Bangladesh: within ${n(t.deliveryDaysOutsideDhaka, 'en')} days.
- A prepaid order is handed to the courier within 48 hours of payment, and we tell you by SMS.

# Delivery charge
The charge inside and outside Dhaka is shown on each product page and at checkout, before you order.

# Late delivery
If a prepaid order arrives later than promised, you may ask for your money back; we refund it in full within ${n(t.lateDeliveryRefundDays, 'en')} days.`
        : `আমাদের কুরিয়ার সহযোগীদের মাধ্যমে সারা বাংলাদেশে ডেলিভারি দিই।

# ডেলিভারির সময়
- ঢাকার ভেতরে: অর্ডারের ${n(t.deliveryDaysInsideDhaka, 'bn')} দিনের মধ্যে।
- বাংলাদেশের অন্যত্র: ${n(t.deliveryDaysOutsideDhaka, 'bn')} দিনের মধ্যে।
- আগে পরিশোধিত অর্ডার পরিশোধের ৪৮ ঘণ্টার মধ্যে কুরিয়ারে দেওয়া হয় এবং এসএমএসে জানানো হয়।

# ডেলিভারি চার্জ
ঢাকার ভেতরে ও বাইরের চার্জ প্রতিটি পণ্যের পাতায় এবং চেকআউটে, অর্ডারের আগেই দেখানো হয়।

# দেরিতে ডেলিভারি
আগে পরিশোধিত অর্ডার প্রতিশ্রুত সময়ের পরে পৌঁছালে টাকা ফেরত চাইতে পারেন; ${n(t.lateDeliveryRefundDays, 'bn')} দিনের মধ্যে পুরো টাকা ফেরত দিই।`,
  },
  privacy: {
    title: { en: 'Privacy Policy', bn: 'গোপনীয়তা নীতি' },
    body: (_t, lang) =>
      lang === 'en'
        ? `We keep only what we need to take and deliver your order.

# What we keep
- Your name, mobile number and delivery address, and the orders you place.
- Your e-mail if you make an account.

# What we use it for
- To deliver your order: the courier receives your name, mobile and address.
- To tell you about your order by SMS, and to answer your complaints.
- To check cash-on-delivery orders against fraud (delivered and returned parcels for your mobile).

# What we never do
- We never sell your data or send you advertising without asking.
- Card and wallet PINs never reach us; bKash payments happen on bKash's own page.

You may ask us to see or delete your data through the complaints form.`
        : `আপনার অর্ডার নেওয়া ও পৌঁছে দেওয়ার জন্য যা দরকার, শুধু তাই আমরা রাখি।

# যা রাখি
- আপনার নাম, মোবাইল নম্বর, ডেলিভারির ঠিকানা এবং আপনার অর্ডারগুলো।
- অ্যাকাউন্ট খুললে আপনার ই-মেইল।

# যে কাজে ব্যবহার করি
- অর্ডার পৌঁছাতে: কুরিয়ার আপনার নাম, মোবাইল ও ঠিকানা পায়।
- এসএমএসে অর্ডারের খবর জানাতে এবং আপনার অভিযোগের উত্তর দিতে।
- ক্যাশ অন ডেলিভারি অর্ডারে প্রতারণা ঠেকাতে (আপনার মোবাইলের ডেলিভারি ও ফেরতের হিসাব)।

# যা কখনো করি না
- আপনার তথ্য বিক্রি করি না, জিজ্ঞেস না করে বিজ্ঞাপন পাঠাই না।
- কার্ড বা ওয়ালেটের পিন আমাদের কাছে আসে না; বিকাশ পেমেন্ট বিকাশের নিজের পাতায় হয়।

অভিযোগ ফর্মের মাধ্যমে আপনার তথ্য দেখতে বা মুছে ফেলতে বলতে পারেন।`,
  },
};
