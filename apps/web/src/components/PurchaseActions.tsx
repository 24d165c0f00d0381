/**
 * 'Add To Cart' and 'Buy Now' on the product page. The cart work (features
 * cart/checkout, lib/cart) fills in what they do; the catalogue's product page
 * only places them.
 */
export interface PurchaseProduct {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  quantity: number;
}

export function PurchaseActions(_props: { product: PurchaseProduct; quantity: number }) {
  return (
    <div className="flex gap-3">
      <button type="button" disabled className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white opacity-60">
        Add To Cart
      </button>
      <button type="button" disabled className="rounded-lg bg-accent-400 px-5 py-2.5 font-semibold text-slate-900 opacity-60">
        Buy Now
      </button>
    </div>
  );
}
