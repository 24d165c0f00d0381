import { registerLocales } from '@/i18n';

/** Texts of the Owner's Staff page (issue 28, decision 0064). */
const en = {
  title: 'Staff',
  intro: 'Invite the people who work in the shop and choose what each may do. A change of role or a disable signs the person out at once.',
  loading: 'Loading staff',
  name: 'Name',
  email: 'E-mail',
  byEmail: 'By e-mail',
  byMobile: 'By mobile',
  mobileNumber: 'Mobile number',
  inviteBy: 'Invite by',
  invitedByMobile: 'Invitation sent: {{mobile}} gets a text to sign in with this number.',
  role: 'Role',
  status: 'Status',
  invite: 'Invite',
  invited: 'Invitation sent: {{email}} gets a sign-in code by e-mail.',
  inviteTitle: 'Invite a staff member',
  refundLimit: 'Refund limit for Orders staff (৳)',
  refundLimitHint: 'Orders staff may refund a bKash order up to this total; 0 means they cannot refund. The owner and managers are not limited.',
  saveLimit: 'Save limit',
  limitSaved: 'Refund limit saved.',
  disable: 'Disable',
  enable: 'Enable',
  updated: 'Saved. {{name}} is signed out everywhere.',
  roleOf: 'Role of {{name}}',
  roles: { ADMIN: 'Owner', MANAGER: 'Manager', ORDERS: 'Orders', CATALOGUE: 'Catalogue', PACKER: 'Packer' },
  statuses: { Active: 'Active', Inactive: 'Inactive', Suspended: 'Disabled' },
};

export const STAFF_NS = registerLocales('adminStaff', {
  en,
  bn: {
    title: 'কর্মী',
    intro: 'দোকানে যাঁরা কাজ করেন তাঁদের আমন্ত্রণ জানান এবং কে কী করতে পারবেন তা ঠিক করুন। ভূমিকা বদলালে বা নিষ্ক্রিয় করলে তিনি সঙ্গে সঙ্গে সাইন আউট হয়ে যান।',
    loading: 'কর্মীদের তালিকা লোড হচ্ছে',
    name: 'নাম',
    email: 'ই-মেইল',
    byEmail: 'ই-মেইলে',
    byMobile: 'মোবাইলে',
    mobileNumber: 'মোবাইল নম্বর',
    inviteBy: 'যেভাবে আমন্ত্রণ',
    invitedByMobile: 'আমন্ত্রণ পাঠানো হয়েছে: {{mobile}} নম্বরে লগইনের জন্য একটি SMS যাবে।',
    role: 'ভূমিকা',
    status: 'অবস্থা',
    invite: 'আমন্ত্রণ পাঠান',
    invited: 'আমন্ত্রণ পাঠানো হয়েছে: {{email}} ই-মেইলে সাইন-ইন কোড পাবেন।',
    inviteTitle: 'কর্মী আমন্ত্রণ',
    refundLimit: 'অর্ডার কর্মীদের রিফান্ড সীমা (৳)',
    refundLimitHint: 'অর্ডার কর্মীরা এই মোট পর্যন্ত বিকাশ অর্ডার রিফান্ড করতে পারেন; ০ মানে তাঁরা রিফান্ড করতে পারবেন না। মালিক ও ম্যানেজারের কোনো সীমা নেই।',
    saveLimit: 'সীমা সংরক্ষণ',
    limitSaved: 'রিফান্ড সীমা সংরক্ষণ হয়েছে।',
    disable: 'নিষ্ক্রিয় করুন',
    enable: 'সক্রিয় করুন',
    updated: 'সংরক্ষণ হয়েছে। {{name}} সব জায়গা থেকে সাইন আউট হয়েছেন।',
    roleOf: '{{name}}-এর ভূমিকা',
    roles: { ADMIN: 'মালিক', MANAGER: 'ম্যানেজার', ORDERS: 'অর্ডার', CATALOGUE: 'ক্যাটালগ', PACKER: 'প্যাকার' },
    statuses: { Active: 'সক্রিয়', Inactive: 'অসক্রিয়', Suspended: 'নিষ্ক্রিয়' },
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
