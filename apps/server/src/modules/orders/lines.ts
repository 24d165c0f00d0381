import { eq, inArray } from 'drizzle-orm';
import { discountedPrice } from '@haat/shared/pricing';
import type { OrderLineInput } from '@haat/shared/schemas/order';
import { chooseVariant, chosenOptions, shownVariantId, type ProductOption } from '@haat/shared/schemas/variants';
import { namesOf } from '@haat/shared/variant-words';
import type { DbOrTx, Tx } from '../../db/client';
import { products } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { chosenOrThrow, lockCartLines, variantsForChoice, type ChoosableVariant } from '../cart/index';
import { takeStock, type TakenProduct } from './queries';

// An order's lines (placeOrder's and an exchange's replacement order's): which lines, their variants, their stock taken and priced.

/**
 * What the order holds: the Buy Now line when list_items names one product,
 * else a signed-in shopper's server cart, else the lines sent (a guest's cart,
 * or a shopper whose server cart is empty and who sees the guest cart). Runs
 * inside the order's transaction: the cart lines stay locked until it ends, so
 * units added meanwhile wait and are not counted as bought.
 */
export async function chooseLines(tx: Tx, user: AuthUser | null, listItems: OrderLineInput[]): Promise<OrderLineInput[]> {
  let lines = listItems;
  if (user && listItems.length !== 1) {
    const cart = await lockCartLines(tx, user.id);
    if (cart.length > 0) lines = cart;
  }
  if (lines.length === 0) throw appError('CART_EMPTY');
  // One line per product and variant ('' = the product itself).
  const merged = new Map<string, OrderLineInput>();
  for (const l of lines) {
    const key = `${l.product_id}\u0000${l.variant_id ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, { product_id: l.product_id, variant_id: l.variant_id || undefined, quantity: (seen?.quantity ?? 0) + l.quantity });
  }
  return [...merged.values()];
}

/** A line with its chosen variant (a product without options: its default variant, decision 0109). */
type ChosenLine = OrderLineInput & { variant: ChoosableVariant };

/** An order item's snapshot of its product (and variant), priced through the shared discount rule. */
function orderLine(p: TakenProduct, variant: ChoosableVariant, quantity: number) {
  const { id: productId, name, nameBn, unit } = p;
  const { price, discount } = variant;
  return {
    productId,
    name,
    nameBn,
    images: variant.images.length ? variant.images : p.images,
    unit,
    price,
    discount,
    unitPrice: discountedPrice(price, discount),
    quantity,
    // The default variant is written as before it was a row: no variant_id, no SKU.
    variantId: shownVariantId(productId, variant.id),
    sku: shownVariantId(productId, variant.id) ? (variant.sku ?? '') : '',
    options: chosenOptions(p.options, variant.optionValues),
  };
}

/** "Kurta (Size: L, Colour: Red)" and its Bangla: how an error names a line. */
const lineNames = (p: { name: string; nameBn: string; options: ProductOption[] }, variant: ChoosableVariant) => namesOf({ ...p, name_bn: p.nameBn }, variant.optionValues);

/**
 * Each line's variant (issue 21), from one read of the lines' products'
 * variants (a product without options has its default one, decision 0109);
 * one of several must be named. A refusal reads the product for its name and options.
 */
async function chooseVariants(tx: Tx, lines: OrderLineInput[]): Promise<ChosenLine[]> {
  const variants = await variantsForChoice(tx, [...new Set(lines.map((l) => l.product_id))]);
  const out: ChosenLine[] = [];
  for (const l of lines) {
    const own = variants.get(l.product_id) ?? [];
    const choice = chooseVariant({ id: l.product_id, name: '', options: [] }, own, l.variant_id);
    if (choice.ok) {
      out.push({ ...l, variant: choice.variant });
      continue;
    }
    const [p] = await tx.select({ id: products.id, name: products.name, name_bn: products.nameBn, options: products.options, publish: products.publish }).from(products).where(eq(products.id, l.product_id));
    if (!p || !p.publish) throw appError('ORDER_ITEM_UNAVAILABLE');
    chosenOrThrow(chooseVariant(p, own, l.variant_id));
  }
  return out;
}

/** Prices every line from the database through the shared discount rule; client prices never count. */
async function priceLines(db: DbOrTx, lines: ChosenLine[]) {
  const missing = () => appError('ORDER_ITEM_UNAVAILABLE');
  if (!lines.every((l) => isId(l.product_id))) throw missing();
  const rows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.product_id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((l) => {
    const p = byId.get(l.product_id);
    if (!p || !p.publish || !l.variant.publish) throw missing();
    const names = lineNames(p, l.variant);
    if (l.quantity > p.quantity) throw appError('ORDER_QUANTITY_OVER_STOCK', { n: p.quantity, ...names });
    return { ...orderLine(p, l.variant, l.quantity), names };
  });
}

/**
 * Takes the lines' stock and prices them, in one statement: the chosen
 * variants' units (every line has one, decision 0109) and the products' (whose
 * stock is their variants' sum). When a line was not taken, the reason is
 * found the slow way: gone or unpublished (404), over the per-order limit
 * (400), else not enough stock (409).
 */
export async function takeLines(tx: Tx, input: OrderLineInput[]) {
  if (!input.every((l) => isId(l.product_id))) throw appError('ORDER_ITEM_UNAVAILABLE');
  const lines = await chooseVariants(tx, input);
  // Per variant: a product's '' line and its own id's line are both its default variant.
  const perVariant = new Map<string, number>();
  for (const l of lines) perVariant.set(l.variant.id, (perVariant.get(l.variant.id) ?? 0) + l.quantity);
  const perProduct = new Map<string, { product_id: string; quantity: number; largest: number }>();
  for (const l of lines) {
    const p = perProduct.get(l.product_id) ?? { product_id: l.product_id, quantity: 0, largest: 0 };
    perProduct.set(l.product_id, { ...p, quantity: p.quantity + l.quantity, largest: Math.max(p.largest, l.quantity) });
  }
  const took = await takeStock(
    tx,
    [...perVariant].map(([variant_id, quantity]) => ({ variant_id, quantity })),
    [...perProduct.values()],
  );
  const taken = new Map(took.products.map((p) => [p.id, p]));
  if (taken.size < perProduct.size || took.variants.size < perVariant.size) {
    const priced = await priceLines(tx, lines);
    const short = priced.find((l, i) => !taken.has(l.productId) || !took.variants.has(lines[i]!.variant.id))!;
    throw appError('NOT_ENOUGH_STOCK', short.names);
  }
  return lines.map((l) => orderLine(taken.get(l.product_id)!, l.variant, l.quantity));
}
