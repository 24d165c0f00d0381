import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { UploadProductPage } from './UploadProductPage';

/** Issue 21: the owner adds a product in sizes and colours from the product form's Variants section. */
const categories = [{ _id: 'c1', name: 'Fashion', image: '/uploads/categories/a.webp' }];
const subCategories = [{ _id: 's1', name: 'Kurta', image: '/uploads/subcategories/k.webp', category: [{ _id: 'c1', name: 'Fashion' }] }];
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function setup() {
  const api = fakeApi({
    'GET category/get-category': { body: envelope(categories) },
    'GET subcategory/get-subcategories': { body: envelope(subCategories) },
    'POST product/add-product': { body: envelope({ _id: 'p1' }, 'Product added.') },
  });
  localStorage.setItem('access_token', 'admin-token');
  renderPage(<UploadProductPage />);
  return api;
}

async function fillProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Cotton Kurta');
  await user.type(screen.getByLabelText('Description'), 'Hand-stitched');
  await user.upload(screen.getByLabelText('Upload Image'), [png('front.png'), png('back.png')]);
  await screen.findByRole('option', { name: 'Fashion' });
  await user.selectOptions(screen.getByLabelText('Category'), 'c1');
  await user.selectOptions(screen.getByLabelText('Sub Category'), 's1');
  await user.type(screen.getByLabelText('Unit'), '1 pc');
}

async function addOption(user: ReturnType<typeof userEvent.setup>, n: number, name: string, nameBn: string, values: [string, string][]) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const group = screen.getByRole('group', { name: `Option ${n}` });
  await user.type(within(group).getByLabelText(`Option ${n} name`), name);
  if (nameBn) await user.type(within(group).getByLabelText(`Option ${n} Bangla name`), nameBn);
  for (const [value, bn] of values) {
    await user.type(within(group).getByLabelText('Value'), value);
    if (bn) await user.type(within(group).getByLabelText('Bangla value'), bn);
    await user.click(within(group).getByRole('button', { name: `Add value to ${name}` }));
  }
}

describe('product form: variants', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('generates every combination, bulk-sets the prices of Size L, picks a picture, and sends options and variants', async () => {
    const api = setup();
    const user = userEvent.setup();
    await fillProduct(user);
    await addOption(user, 1, 'Size', 'সাইজ', [['M', 'এম'], ['L', 'এল']]);
    await addOption(user, 2, 'Colour', 'রং', [['Red', 'লাল'], ['Blue', 'নীল']]);
    await user.click(screen.getByRole('button', { name: 'Generate every combination' }));
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Size: M, Colour: Red', 'Size: M, Colour: Blue', 'Size: L, Colour: Red', 'Size: L, Colour: Blue']);
    // The product's own price and stock come from the variants now.
    expect(screen.getByLabelText('Price', { selector: '#add-product-price' })).not.toBeVisible();

    const bulk = screen.getByRole('group', { name: 'Set for many' });
    await user.selectOptions(within(bulk).getByLabelText('Field'), 'price');
    await user.type(within(bulk).getByLabelText('New value'), '1200');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await user.selectOptions(within(bulk).getByLabelText('Which variants'), 'Size: L');
    await user.clear(within(bulk).getByLabelText('New value'));
    await user.type(within(bulk).getByLabelText('New value'), '1300');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await user.selectOptions(within(bulk).getByLabelText('Field'), 'stock');
    await user.selectOptions(within(bulk).getByLabelText('Which variants'), '');
    await user.clear(within(bulk).getByLabelText('New value'));
    await user.type(within(bulk).getByLabelText('New value'), '4');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await user.type(screen.getByLabelText('SKU of Size: L, Colour: Red'), 'KU-L-RED');
    await user.selectOptions(screen.getByLabelText('Picture of Size: L, Colour: Red'), 'Picture 2');
    await user.click(screen.getByLabelText('Shown of Size: M, Colour: Blue'));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Product added.')).toBeInTheDocument();
    const form = api.sent('POST', 'product/add-product')[0]!.body as FormData;
    expect(JSON.parse(form.get('options') as string)).toEqual([
      { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম', swatch: '' }, { value: 'L', value_bn: 'এল', swatch: '' }] },
      { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '' }, { value: 'Blue', value_bn: 'নীল', swatch: '' }] },
    ]);
    const variants = JSON.parse(form.get('variants') as string) as { values: string[]; price: string; stock: string; sku: string; image: number[]; publish: boolean }[];
    expect(variants.map((v) => [v.values.join('/'), v.price, v.stock, v.sku, v.image, v.publish])).toEqual([
      ['M/Red', '1200', '4', '', [], true],
      ['M/Blue', '1200', '4', '', [], false],
      ['L/Red', '1300', '4', 'KU-L-RED', [1], true],
      ['L/Blue', '1300', '4', '', [], true],
    ]);
    // The product's own fields carry the variants' summary (cheapest published price, summed stock).
    expect([form.get('price'), form.get('stock')]).toEqual(['1200', '16']);
  });

  it('says a broken rule in the page’s language and sends nothing', async () => {
    const api = setup();
    const user = userEvent.setup();
    await fillProduct(user);
    await addOption(user, 1, 'Size', 'সাইজ', [['M', 'এম']]);
    await addOption(user, 2, 'size', '', [['L', '']]);
    await user.click(screen.getByRole('button', { name: 'Generate every combination' }));
    const bulk = screen.getByRole('group', { name: 'Set for many' });
    await user.type(within(bulk).getByLabelText('New value'), '100');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await user.selectOptions(within(bulk).getByLabelText('Field'), 'stock');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('options.1.name: two options are named size.');
    await changeLanguage('bn');
    await user.click(screen.getByRole('button', { name: 'জমা দিন' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('options.1.name: size নামে দুটি অপশন আছে।');
    expect(api.sent('POST', 'product/add-product')).toHaveLength(0);
  });
});
