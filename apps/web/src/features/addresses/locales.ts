import { registerLocales } from '@/i18n';

/** The address page (namespace 'addresses'). */
const en = {
  title: 'Address',
  edit: 'Edit {{address}}',
  delete: 'Delete {{address}}',
};

export const ADDRESSES_NS = registerLocales('addresses', {
  en,
  bn: {
    title: 'ঠিকানা',
    edit: '{{address}} বদলান',
    delete: '{{address}} মুছুন',
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
