import { errorText, type ErrorCode } from './errors/catalogue';
import { roundTaka, splitTaka } from './pricing';
import type { PromotionKind, PromotionScopeKind } from './schemas/promotion';

/**
 * The promotion engine (issue 22, decision 0059): pure, in whole taka. The
 * server runs it in the order's transaction on its own prices and counts; the
 * quote runs the same code. Nothing here reads a clock or a database: the
 * caller passes `now`, the candidates and their counts.
 *
 * - A promotion applies exactly within [starts_at, ends_at), while active,
 *   under its usage and per-customer limits, when the lines in its scope reach
 *   its minimum subtotal (the scope's items at the shop's prices).
 * - Promotions with combines=true are applied together, one after the other
 *   (buy X get Y first, then percent, then fixed, then free delivery, within a
 *   kind the larger value first; each on what the ones before left); one with combines=false stands alone. Of those
 *   options the one that saves the shopper most wins (ties: the one carrying
 *   the typed code, then the combined set).
 * - Savings are rounded once each through roundTaka and split on the lines by
 *   splitTaka, so the lines' shares sum exactly to the discount.
 */

export interface EngineLine {
  product_id: string;
  /** The unit price after the product's own discount. */
  unit_price: number;
  quantity: number;
  category_ids: readonly string[];
  sub_category_ids: readonly string[];
}

export interface EnginePromotion {
  id: string;
  name: string;
  name_bn: string;
  code: string | null;
  kind: PromotionKind;
  value: number;
  buy_qty: number;
  get_qty: number;
  scope: { kind: PromotionScopeKind; ids: readonly string[] };
  min_subtotal: number;
  starts_at: Date;
  ends_at: Date;
  active: boolean;
  combines: boolean;
  usage_limit: number | null;
  per_customer_limit: number | null;
  /** Uses counted now (not given back). */
  used: number;
  /** This shopper's uses (by phone or by account); 0 when unknown. */
  customer_uses: number;
}

export interface EngineInput {
  lines: readonly EngineLine[];
  /** The automatic promotions that may run, and the typed code's promotion when there is one. */
  promotions: readonly EnginePromotion[];
  /** The code typed, normalised (normalizePromoCode); undefined when none. */
  code?: string;
  now: Date;
  /** The delivery fee before promotions. */
  delivery_fee: number;
}

export interface EngineApplied {
  promotion_id: string;
  name: string;
  name_bn: string;
  code: string | null;
  kind: PromotionKind;
  saving: number;
  /** Per input line: this promotion's saving on it (all 0 for free delivery). */
  line_savings: number[];
}

export interface CodeError {
  code: ErrorCode;
  params: Record<string, string | number>;
  message: string;
}

export interface EngineResult {
  subtotal: number;
  applied: EngineApplied[];
  /** Per input line: the promotions' savings on it summed. */
  line_discounts: number[];
  discount: number;
  delivery_fee: number;
  delivery_saving: number;
  total: number;
  free_delivery_remaining: number | null;
  code_error: CodeError | null;
}

const ORDER_OF_KIND: Record<PromotionKind, number> = { bxgy: 0, percent: 1, fixed: 2, free_delivery: 3 };

function inScope(p: EnginePromotion, line: EngineLine): boolean {
  switch (p.scope.kind) {
    case 'order':
      return true;
    case 'products':
      return p.scope.ids.includes(line.product_id);
    case 'categories':
      return line.category_ids.some((id) => p.scope.ids.includes(id));
    case 'sub_categories':
      return line.sub_category_ids.some((id) => p.scope.ids.includes(id));
  }
}

const lineAmount = (l: EngineLine) => l.unit_price * l.quantity;

function codeError<C extends ErrorCode>(code: C, params: Record<string, string | number>): CodeError {
  return { code, params, message: errorText(code, params as never) };
}

/**
 * Why a promotion does not apply to these lines now, or null when it does.
 * The reasons in the order a shopper would want to hear them.
 */
export function refusal(p: EnginePromotion, lines: readonly EngineLine[], now: Date): CodeError | null {
  const code = p.code ?? p.name;
  if (!p.active) return codeError('PROMO_PAUSED', { code });
  if (now.getTime() < p.starts_at.getTime()) return codeError('PROMO_NOT_STARTED', { code });
  if (now.getTime() >= p.ends_at.getTime()) return codeError('PROMO_ENDED', { code });
  if (p.usage_limit !== null && p.used >= p.usage_limit) return codeError('PROMO_USED_UP', { code });
  if (p.per_customer_limit !== null && p.customer_uses >= p.per_customer_limit) return codeError('PROMO_ALREADY_USED', { code });
  const scoped = lines.filter((l) => inScope(p, l));
  if (scoped.length === 0) return codeError('PROMO_NOT_FOR_THESE_PRODUCTS', { code });
  const base = scoped.reduce((s, l) => s + lineAmount(l), 0);
  if (base < p.min_subtotal) return codeError('PROMO_BELOW_MINIMUM', { code, needed: p.min_subtotal - base, minimum: p.min_subtotal });
  if (p.kind === 'bxgy' && scoped.reduce((s, l) => s + l.quantity, 0) < p.buy_qty + p.get_qty) return codeError('PROMO_NOT_FOR_THESE_PRODUCTS', { code });
  return null;
}

/** The "get" units' prices per line: scoped units from dearest to cheapest, in groups of buy+get, the last get of each full group. */
function freeWeights(p: EnginePromotion, lines: readonly EngineLine[]): number[] {
  const units: { i: number; price: number }[] = [];
  lines.forEach((l, i) => {
    if (inScope(p, l)) for (let k = 0; k < l.quantity; k++) units.push({ i, price: l.unit_price });
  });
  units.sort((a, b) => b.price - a.price || a.i - b.i);
  const group = p.buy_qty + p.get_qty;
  const weights = lines.map(() => 0);
  const full = Math.floor(units.length / group) * group;
  for (let k = 0; k < full; k++) if (k % group >= p.buy_qty) weights[units[k]!.i]! += units[k]!.price;
  return weights;
}

/** Applies `set` one after the other on the lines and the fee: each promotion's saving, per line. */
function applySet(set: readonly EnginePromotion[], lines: readonly EngineLine[], fee: number) {
  const remaining = lines.map(lineAmount);
  let feeLeft = fee;
  const applied: EngineApplied[] = [];
  const ordered = [...set].sort((a, b) => ORDER_OF_KIND[a.kind] - ORDER_OF_KIND[b.kind] || b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const p of ordered) {
    const line_savings = lines.map(() => 0);
    let saving = 0;
    if (p.kind === 'free_delivery') {
      saving = feeLeft;
      feeLeft = 0;
    } else {
      const idx = lines.flatMap((l, i) => (inScope(p, l) ? [i] : []));
      const base = idx.reduce((s, i) => s + remaining[i]!, 0);
      let weights = idx.map((i) => remaining[i]!);
      let total = 0;
      if (p.kind === 'percent') total = roundTaka((base * p.value) / 100);
      else if (p.kind === 'fixed') total = p.value;
      else {
        const free = freeWeights(p, lines);
        weights = idx.map((i) => Math.min(free[i]!, remaining[i]!));
        total = roundTaka((weights.reduce((s, w) => s + w, 0) * p.value) / 100);
      }
      total = Math.min(total, weights.reduce((s, w) => s + w, 0));
      splitTaka(total, weights).forEach((share, k) => {
        const i = idx[k]!;
        line_savings[i] = share;
        remaining[i]! -= share;
      });
      saving = total;
    }
    applied.push({ promotion_id: p.id, name: p.name, name_bn: p.name_bn, code: p.code, kind: p.kind, saving, line_savings });
  }
  const itemSaving = applied.reduce((s, a) => s + (a.kind === 'free_delivery' ? 0 : a.saving), 0);
  return { applied, remaining, feeLeft, worth: itemSaving + (fee - feeLeft) };
}

/** Prices the lines with the promotions that apply: the best option for the shopper (see the top of this file). */
export function pricePromotions(input: EngineInput): EngineResult {
  const { lines, now, delivery_fee: fee } = input;
  const subtotal = lines.reduce((s, l) => s + lineAmount(l), 0);
  let code_error: CodeError | null = null;
  let coded: EnginePromotion | undefined;
  if (input.code) {
    coded = input.promotions.find((p) => p.code === input.code);
    if (!coded) code_error = codeError('PROMO_UNKNOWN', { code: input.code });
    else code_error = refusal(coded, lines, now);
    if (code_error) coded = undefined;
  }
  const valid = input.promotions.filter((p) => (p.code === null ? refusal(p, lines, now) === null : p === coded));
  const options: EnginePromotion[][] = [];
  const together = valid.filter((p) => p.combines);
  if (together.length) options.push(together);
  for (const p of valid) if (!p.combines) options.push([p]);

  let best: ReturnType<typeof applySet> | null = null;
  let bestSet: EnginePromotion[] = [];
  const carriesCode = (set: EnginePromotion[]) => (coded && set.includes(coded) ? 1 : 0);
  for (const set of options) {
    const result = applySet(set, lines, fee);
    const better =
      !best ||
      result.worth > best.worth ||
      (result.worth === best.worth && (carriesCode(set) > carriesCode(bestSet) || (carriesCode(set) === carriesCode(bestSet) && set.length > bestSet.length)));
    if (better) {
      best = result;
      bestSet = set;
    }
  }
  if (coded && !bestSet.includes(coded)) {
    const offer = best!.applied.find((a) => a.saving > 0) ?? best!.applied[0]!;
    code_error = codeError('PROMO_NOT_COMBINABLE', { code: coded.code!, offer: offer.name });
  }
  // An automatic promotion that saves nothing here is not shown (nor counted); a typed code always is.
  const applied = (best?.applied ?? []).filter((a) => a.saving > 0 || a.code !== null);
  const line_discounts = lines.map((_, i) => applied.reduce((s, a) => s + a.line_savings[i]!, 0));
  const discount = line_discounts.reduce((s, d) => s + d, 0);
  const delivery_saving = applied.reduce((s, a) => s + (a.kind === 'free_delivery' ? a.saving : 0), 0);
  const delivery_fee = fee - delivery_saving;

  let free_delivery_remaining: number | null = null;
  if (delivery_fee > 0) {
    for (const p of input.promotions) {
      if (p.code !== null || p.kind !== 'free_delivery' || p.min_subtotal <= subtotal) continue;
      const why = refusal(p, lines, now);
      if (why?.code !== 'PROMO_BELOW_MINIMUM') continue;
      const needed = p.min_subtotal - subtotal;
      free_delivery_remaining = free_delivery_remaining === null ? needed : Math.min(free_delivery_remaining, needed);
    }
  }
  return { subtotal, applied, line_discounts, discount, delivery_fee, delivery_saving, total: subtotal - discount + delivery_fee, free_delivery_remaining, code_error };
}
