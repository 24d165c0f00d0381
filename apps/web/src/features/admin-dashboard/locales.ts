import { registerLocales } from '@/i18n';

/** The owner's dashboard (issue 14): namespace 'adminDashboard'. */
const en = {
  title: 'Dashboard',
  menuLink: 'Dashboard',
  loading: 'Loading the dashboard',
  failed: 'The dashboard could not be loaded. Please try again.',
  retry: 'Try again',
  period: {
    label: 'Period',
    days: 'Last {{n}} days',
    range: '{{from}} – {{to}}',
  },
  cards: {
    sales: 'Sales',
    orders: 'Orders',
    returned: 'Returned parcels',
    averageOrder: 'Average order',
    allOrders: 'Placed in all: {{n}}',
  },
  salesPerDay: {
    title: 'Sales per day',
    taka: 'Taka',
    orders: 'Orders',
    tableCaption: 'Sales per day: orders and taka',
    date: 'Date',
  },
  status: {
    title: 'Orders by status',
  },
  top: {
    byUnits: 'Top 10 products by units',
    byTaka: 'Top 10 products by taka',
    product: 'Product',
    units: 'Units',
    taka: 'Taka',
    none: 'No sales in this period.',
  },
  payments: {
    title: 'Cash on delivery vs wallet',
    cod: 'Cash on delivery',
    wallet: 'Wallet (bKash, Rocket, Nagad)',
    figure: '{{orders}} orders · {{taka}}',
  },
  returns: {
    title: 'Share of parcels returned',
    share: '{{share}} returned',
    detail: '{{returned}} of {{handed}} parcels handed to a courier came back.',
    none: 'No parcels were handed to a courier in this period.',
    returned: 'Returned',
    kept: 'Not returned',
  },
  lowStock: {
    title: 'Low on stock',
    caption: 'Products with {{threshold}} or fewer in stock',
    more: 'Showing {{shown}} of {{total}}.',
    none: 'No product is low on stock.',
    product: 'Product',
    stock: 'Stock',
    edit: 'Edit',
    action: 'Action',
    editProduct: 'Edit {{name}}',
    level: 'Low-stock level',
    save: 'Save',
    saved: 'Low-stock level saved.',
  },
};

export const DASHBOARD_NS = registerLocales('adminDashboard', {
  en,
  bn: {
    title: 'ড্যাশবোর্ড',
    menuLink: 'ড্যাশবোর্ড',
    loading: 'ড্যাশবোর্ড লোড হচ্ছে',
    failed: 'ড্যাশবোর্ড লোড করা যায়নি। আবার চেষ্টা করুন।',
    retry: 'আবার চেষ্টা করুন',
    period: {
      label: 'সময়কাল',
      days: 'গত {{n}} দিন',
      range: '{{from}} – {{to}}',
    },
    cards: {
      sales: 'বিক্রি',
      orders: 'অর্ডার',
      returned: 'ফেরত পার্সেল',
      averageOrder: 'গড় অর্ডার',
      allOrders: 'মোট দেওয়া অর্ডার: {{n}}',
    },
    salesPerDay: {
      title: 'দিনভিত্তিক বিক্রি',
      taka: 'টাকা',
      orders: 'অর্ডার',
      tableCaption: 'দিনভিত্তিক বিক্রি: অর্ডার ও টাকা',
      date: 'তারিখ',
    },
    status: {
      title: 'অবস্থা অনুযায়ী অর্ডার',
    },
    top: {
      byUnits: 'সংখ্যায় সেরা ১০ পণ্য',
      byTaka: 'টাকায় সেরা ১০ পণ্য',
      product: 'পণ্য',
      units: 'সংখ্যা',
      taka: 'টাকা',
      none: 'এই সময়ে কোনো বিক্রি নেই।',
    },
    payments: {
      title: 'ক্যাশ অন ডেলিভারি বনাম ওয়ালেট',
      cod: 'ক্যাশ অন ডেলিভারি',
      wallet: 'ওয়ালেট (বিকাশ, রকেট, নগদ)',
      figure: '{{orders}}টি অর্ডার · {{taka}}',
    },
    returns: {
      title: 'ফেরত আসা পার্সেলের হার',
      share: '{{share}} ফেরত',
      detail: 'কুরিয়ারে দেওয়া {{handed}}টি পার্সেলের মধ্যে {{returned}}টি ফেরত এসেছে।',
      none: 'এই সময়ে কোনো পার্সেল কুরিয়ারে দেওয়া হয়নি।',
      returned: 'ফেরত',
      kept: 'ফেরত আসেনি',
    },
    lowStock: {
      title: 'স্টক কম',
      caption: 'যেসব পণ্যের স্টক {{threshold}} বা তার কম',
      more: '{{total}}টির মধ্যে {{shown}}টি দেখানো হচ্ছে।',
      none: 'কোনো পণ্যের স্টক কম নেই।',
      product: 'পণ্য',
      stock: 'স্টক',
      edit: 'সম্পাদনা',
      action: 'কাজ',
      editProduct: '{{name}} সম্পাদনা করুন',
      level: 'কম স্টকের সীমা',
      save: 'সংরক্ষণ',
      saved: 'কম স্টকের সীমা সংরক্ষিত হয়েছে।',
    },
  },
});

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
