import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { translateMessage } from './messages';
import './adminMessages.locales';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('messages with a count inside', () => {
  it("says the catalogue's delete refusals in Bangla, with Bengali digits", async () => {
    await i18n.changeLanguage('bn');
    expect(translateMessage('This category is used by 3 products. Move or delete them first.')).toBe('এই ক্যাটাগরিতে ৩টি পণ্য আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(translateMessage('This category is used by 1 sub-category. Move or delete them first.')).toBe('এই ক্যাটাগরিতে ১টি সাব-ক্যাটাগরি আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(translateMessage('This sub-category is used by 12 products. Move or delete them first.')).toBe('এই সাব-ক্যাটাগরিতে ১২টি পণ্য আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(translateMessage('Each file must be at most 5 MB.')).toBe('প্রতিটি ফাইল সর্বোচ্চ ৫ MB হতে পারে।');
    expect(translateMessage('bKash could not start the payment (2001: Invalid App Key). Please try again.')).toBe('বিকাশ পেমেন্ট শুরু করা যায়নি (2001: Invalid App Key)। আবার চেষ্টা করুন।');
    expect(translateMessage('A product can have at most 10 images.')).toBe('একটি পণ্যের সর্বোচ্চ ১০টি ছবি থাকতে পারে।');
    expect(translateMessage('The stock changed since you opened this product (now 7). Please reload and try again.')).toBe('পণ্যটি খোলার পর স্টক বদলেছে (এখন ৭)। পাতাটি আবার লোড করে চেষ্টা করুন।');
  });

  it('leaves them as sent in English', () => {
    expect(translateMessage('This category is used by 3 products. Move or delete them first.')).toBe('This category is used by 3 products. Move or delete them first.');
  });
});
