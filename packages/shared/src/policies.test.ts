import { describe, expect, it } from 'vitest';
import { businessSettingsSchema } from './schemas/business';
import { defaultPolicy, policySummary } from './policies';
import { POLICY_SLUGS, policyBlocks } from './policy-text';

describe('policy pages (decision 0077)', () => {
  it('read headings, lists and paragraphs from plain text, keeping any markup as text', () => {
    expect(policyBlocks('Intro line one\nline two\n\n# Refunds\n- bKash back\n- no credit\nAfter <b>list</b>')).toEqual([
      { kind: 'paragraph', text: 'Intro line one line two' },
      { kind: 'heading', text: 'Refunds' },
      { kind: 'list', items: ['bKash back', 'no credit'] },
      { kind: 'paragraph', text: 'After <b>list</b>' },
    ]);
    expect(policySummary('# Title\nFirst words.\n\nSecond.')).toBe('First words.');
  });

  it('default to both languages from the guidelines’ numbers, and follow other numbers', () => {
    for (const slug of POLICY_SLUGS) {
      const page = defaultPolicy(slug);
      expect(page.body_en.length, slug).toBeGreaterThan(100);
      expect(page.body_bn, slug).toMatch(/[\u0980-\u09FF]/);
    }
    expect(defaultPolicy('returns').body_en).toContain('within 7 days of delivery');
    const custom = defaultPolicy('delivery', { deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7, returnWindowDays: 14, complaintHours: 48, unsuppliedRefundHours: 72, lateDeliveryRefundDays: 10 });
    expect(custom.body_en).toContain('Inside Dhaka: within 3 days');
    expect(custom.body_bn).toContain('ঢাকার ভেতরে: অর্ডারের ৩ দিনের মধ্যে');
  });
});

describe('business details', () => {
  it('keep a BIN as its 13 digits and read Bengali digits', () => {
    expect(businessSettingsSchema.parse({ bin: '০০০১২৩৪৫৬-০১০১', vatRate: '৭.৫' })).toMatchObject({ bin: '0001234560101', vatRate: 7.5, tradeLicence: '' });
    expect(businessSettingsSchema.safeParse({ bin: '123' }).error?.issues[0]?.message).toBe('The BIN must be 13 digits.');
  });
});
