import { registerLocales } from '@/i18n';

/** The screen of a staff page not open to the visitor's role (issue 42); only staff ever load it. */
export const ROLE_REFUSAL_NS = registerLocales('roleRefusal', {
  en: {
    notYourRole: 'This page is not open to your role, {{role}}.',
    openTo: 'The roles that can open it: {{roles}}.',
    whoGrants: 'Only the Owner can give you access, by changing your role on the Staff page.',
    yourPages: 'Go to your pages',
  },
  bn: {
    notYourRole: 'আপনার ভূমিকা ({{role}}) দিয়ে এই পাতাটি খোলা যায় না।',
    openTo: 'যে ভূমিকাগুলো এটি খুলতে পারে: {{roles}}।',
    whoGrants: 'শুধু মালিক কর্মী পাতায় আপনার ভূমিকা বদলে এর অনুমতি দিতে পারেন।',
    yourPages: 'আপনার পাতাগুলোতে যান',
  },
});
