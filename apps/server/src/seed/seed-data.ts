/**
 * Word lists and templates for the demo catalogue (see seed.ts).
 *
 * A product type is a name template: `{brand}` is one of `brands`, `{color}`
 * one of COLORS, `{model}` a brand-specific model from `models[brand]` (or
 * `vars.model`), any other `{key}` one of `vars[key]`. A picked value may end
 * in `#unit` (the product's unit, instead of one of `units`) and `@price`
 * (its base price in whole taka, instead of a draw from `price`). A brand's
 * model keeps its exact price; other base prices vary a little per product
 * and by `brandFactor`.
 */

export type IconName =
  | 'tshirt' | 'jacket' | 'dress' | 'saree' | 'shoe' | 'bag' | 'watch' | 'glasses'
  | 'onesie' | 'diaper' | 'bottle' | 'teddy' | 'pencil'
  | 'jar' | 'shampoo' | 'lipstick' | 'perfume' | 'soap' | 'razor' | 'toothbrush'
  | 'phone' | 'laptop' | 'tv' | 'headphones' | 'fridge' | 'camera' | 'plug'
  | 'pot' | 'blender' | 'cup' | 'bed' | 'lamp' | 'box' | 'spray' | 'sack'
  | 'moon' | 'flower' | 'diya' | 'umbrella' | 'gift' | 'lantern'
  | 'drill' | 'hammer' | 'bulb' | 'tap' | 'roller' | 'bolt' | 'plant'
  // Kinds of product drawn instead of the sub-category's icon (kindIcon).
  | 'kurta' | 'trousers' | 'cloth' | 'wallet' | 'belt' | 'tie' | 'cap' | 'tin' | 'carton' | 'toycar' | 'doll'
  | 'boardgame' | 'book' | 'tube' | 'mouse' | 'keyboard' | 'router' | 'monitor' | 'drive' | 'speaker' | 'ac'
  | 'fan' | 'washer' | 'microwave' | 'powerbank' | 'pan' | 'kettle' | 'stove' | 'plate' | 'jug' | 'pillow'
  | 'clock' | 'frame' | 'basket' | 'bucket' | 'switch' | 'cable' | 'paintcan' | 'padlock' | 'wateringcan'
  | 'tank' | 'toilet' | 'nailpolish' | 'wrench' | 'screwdriver' | 'saw' | 'candle' | 'fairylights' | 'compact'
  | 'cake' | 'mat' | 'beads' | 'handfan' | 'conch';

export interface ProductType {
  /** Name template, e.g. '{brand} {fit} T-Shirt - {color}'. */
  name: string;
  /** Name suffixes for `{edition}` (flavour, scent, bundle…), '' for none: fewer repeated names. */
  editions?: string[];
  brands: string[];
  models?: Record<string, string[]>;
  vars?: Record<string, string[]>;
  /** [min, max] base price in taka when no picked value sets it. */
  price: [number, number];
  /** Premium or budget brands: base price × factor (default 1). */
  brandFactor?: Record<string, number>;
  units: string[];
  /** Extra more_details keys; a value is picked from each list. */
  specs?: Record<string, string[]>;
  warranty?: string[];
  origin?: string[];
  /** First sentence of the description; may use the same placeholders. */
  about: string;
  /**
   * Bangla name and description (issue 14), with the same placeholders;
   * {color} is written in Bangla (COLORS_BN). Left out: the product has none.
   */
  name_bn?: string;
  about_bn?: string;
  /** Bullet points for product_details. */
  features: string[];
}

export interface SubCategorySeed {
  name: string;
  /** Bangla name (issue 14), shown when the shop is in Bangla. */
  name_bn: string;
  icon: IconName;
  types: ProductType[];
}

export interface CategorySeed {
  name: string;
  /** Bangla name (issue 14), shown when the shop is in Bangla. */
  name_bn: string;
  icon: IconName;
  /** Background hue of this category's pictures, 0–359. */
  hue: number;
  subs: SubCategorySeed[];
}

/** Colour names used in product names, with the hex the picture uses. */
export const COLORS: Record<string, string> = {
  Black: '#23262b',
  White: '#f4f4f2',
  'Navy Blue': '#1f3a68',
  'Sky Blue': '#6fb7e6',
  Maroon: '#7a1f2b',
  Red: '#d2352f',
  'Bottle Green': '#1f5e3b',
  'Olive Green': '#6b7a35',
  Mustard: '#d4a22a',
  Grey: '#8a8f96',
  Beige: '#d9c6a0',
  Pink: '#e87aa4',
  Purple: '#6d3e91',
  Orange: '#ec7a2a',
  Teal: '#1f8a8a',
  Brown: '#7a4e2d',
  Silver: '#c3c7cc',
  Gold: '#c9a23f',
};

/** The colours in Bangla, for Bangla product names: the web's map for a Colour detail. */
export { COLORS_BN } from '@haat/shared/bangla-words';

const SIZES = ['Size S', 'Size M', 'Size L', 'Size XL', 'Size XXL'];
const KID_SIZES = ['0-3 Months', '3-6 Months', '6-12 Months', '1-2 Years', '2-3 Years', '3-4 Years'];
const SHOE_SIZES = ['Size 39', 'Size 40', 'Size 41', 'Size 42', 'Size 43', 'Size 44'];
const LADIES_SHOE_SIZES = ['Size 36', 'Size 37', 'Size 38', 'Size 39', 'Size 40'];
const KID_SHOE_SIZES = ['Size 26', 'Size 28', 'Size 30', 'Size 32', 'Size 34'];
const PC = ['1 pc'];

const BD = ['Bangladesh'];
const ELECTRONIC_ORIGIN = ['China', 'Bangladesh', 'Vietnam', 'Malaysia', 'India', 'Thailand'];
const COSMETIC_ORIGIN = ['Bangladesh', 'India', 'Thailand', 'France', 'Germany', 'Indonesia'];
const TOOL_ORIGIN = ['China', 'Taiwan', 'Malaysia', 'Germany', 'India'];

/** Brands made (or assembled) in Bangladesh: their origin is always Bangladesh. */
export const LOCAL_BRANDS = new Set([
  'Walton', 'Symphony', 'Pran', 'Radhuni', 'Aarong', 'Yellow', 'Bata', 'Apex', 'Kohinoor', 'Meril', 'Keya',
  'Square', 'RFL', 'Singer', 'Vision', 'Minister', 'Jamuna', 'ACI', 'Teer', 'Fresh', 'Matador', 'Berger',
  'Partex', 'Navana', 'Kiam', 'Super Star', 'BRB', 'Bizli', 'Ecstasy', 'Cats Eye', 'Sailor', 'Le Reve',
  'Richman', 'Infinity', 'Easy', 'Dorjibari', 'Kay Kraft', "Anjan's", 'Rang Bangladesh', 'Bashundhara',
  'Ispahani', 'Rupchanda', 'Shinepukur', 'Monno', 'Tibbet', 'Jui', 'Mediplus', 'Econo', 'Hatil', 'Otobi',
  'Lal Teer', 'Elite', 'Milk Vita', 'Aarong Dairy', 'Danish', 'Olympic', 'Transtec', 'Savlon', 'Chaka',
  'National Polymer', 'Bengal', 'Sharif', 'Stella', 'Techno Kit',
]);

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Fashion and Lifestyle',
    name_bn: 'ফ্যাশন ও লাইফস্টাইল',
    icon: 'bag',
    hue: 330,
    subs: [
      {
        name: "Men's Clothing",
        name_bn: 'ছেলেদের পোশাক',
        icon: 'tshirt',
        types: [
          {
            name: '{brand} {fit} T-Shirt - {color}',
            brands: ['Yellow', 'Ecstasy', 'Sailor', 'Richman', 'Easy', 'Cats Eye', 'Infinity', 'Aarong'],
            vars: { fit: ['Cotton Crew Neck', 'Slim Fit', 'Oversized Graphic', 'Basic Round Neck', 'V-Neck', 'Striped'] },
            price: [350, 1290],
            units: SIZES,
            specs: { Material: ['100% Cotton', 'Cotton Blend', 'Single Jersey Cotton', 'Pique Cotton'], Fit: ['Regular', 'Slim', 'Relaxed'] },
            origin: BD,
            about: 'A soft, breathable {fit} T-Shirt from {brand} in {color}, made for Dhaka summers.',
            features: ['Pre-shrunk fabric that keeps its shape', 'Colour-fast dye, machine washable', 'Reinforced neck and shoulder seams'],
          },
          {
            name: '{brand} Polo Shirt - {color}',
            brands: ['Yellow', 'Ecstasy', 'Sailor', 'Richman', 'Easy', 'Cats Eye'],
            price: [690, 1890],
            units: SIZES,
            specs: { Material: ['Pique Cotton', 'Cotton Blend'], Fit: ['Regular', 'Slim'] },
            origin: BD,
            about: 'Classic {brand} polo shirt in {color} with a ribbed collar and two-button placket.',
            features: ['Breathable pique knit', 'Ribbed collar and cuffs', 'Easy care, machine washable'],
          },
          {
            name: '{brand} {style} Panjabi (পাঞ্জাবি) - {color}',
            brands: ['Aarong', 'Yellow', 'Ecstasy', 'Infinity', 'Sailor', 'Dorjibari', "Anjan's"],
            vars: { style: ['Cotton@1590', 'Embroidered@3490', 'Slim Fit@1990', 'Printed Silk@4490', 'Khadi@2490'] },
            price: [1190, 6490],
            units: SIZES,
            specs: { Material: ['Cotton', 'Khadi Cotton', 'Endi Silk', 'Linen Blend'] },
            origin: BD,
            about: '{style} panjabi (পাঞ্জাবি) from {brand} in {color}, for Jummah, weddings and Eid.',
            name_bn: '{brand} পাঞ্জাবি - {color}',
            about_bn: '{brand}-এর {color} পাঞ্জাবি, জুম্মা, বিয়ে আর ঈদের জন্য।',
            features: ['Hand-finished neckline', 'Side pockets', 'Dry clean or gentle hand wash'],
          },
          {
            name: '{brand} {fit} Denim Jeans - {color}',
            brands: ['Yellow', 'Ecstasy', 'Cats Eye', 'Easy', 'Richman', 'Infinity'],
            vars: { fit: ['Slim Fit', 'Regular Fit', 'Straight Fit', 'Stretch'] },
            price: [1290, 3490],
            units: ['Waist 30', 'Waist 32', 'Waist 34', 'Waist 36', 'Waist 38'],
            specs: { Material: ['98% Cotton, 2% Elastane', '100% Cotton Denim'] },
            origin: BD,
            about: '{fit} jeans from {brand}, cut from export-quality Bangladeshi denim.',
            features: ['Five-pocket design', 'YKK zip fly', 'Wash inside out in cold water'],
          },
          {
            name: '{brand} Checked Lungi (লুঙ্গি) - {color}',
            brands: ['Aarong', 'Standard', 'Amanat Shah', 'Pakiza'],
            price: [390, 1290],
            units: ['1 pc', 'Pack of 2'],
            specs: { Material: ['Cotton', 'Cotton Yarn Dyed'] },
            origin: BD,
            about: 'Comfortable cotton lungi (লুঙ্গি) in a traditional check, sewn and ready to wear.',
            name_bn: '{brand} চেক লুঙ্গি - {color}',
            about_bn: 'আরামদায়ক সুতি চেক লুঙ্গি, সেলাই করা, পরার জন্য তৈরি।',
            features: ['Soft yarn-dyed cotton', 'Colour stays wash after wash', 'Sewn, ready to wear'],
          },
        ],
      },
      {
        name: "Women's Clothing",
        name_bn: 'মেয়েদের পোশাক',
        icon: 'dress',
        types: [
          {
            name: '{brand} {style} Kurti - {color}',
            brands: ['Aarong', 'Yellow', 'Ecstasy', 'Le Reve', 'Infinity', 'Rang Bangladesh', 'Kay Kraft'],
            vars: { style: ['Printed Cotton@1190', 'Embroidered@2490', 'Block Print@1490', 'A-Line@1690', 'Long@1990'] },
            price: [790, 3490],
            units: SIZES,
            specs: { Material: ['Cotton', 'Viscose', 'Linen', 'Georgette'] },
            origin: BD,
            about: 'A {style} kurti from {brand} in {color}: easy for office, campus and dawat.',
            features: ['Breathable fabric', 'Designed and stitched in Bangladesh', 'Hand wash separately'],
          },
          {
            name: '{brand} {style} Salwar Kameez - {color}',
            brands: ['Aarong', 'Yellow', 'Le Reve', 'Kay Kraft', 'Rang Bangladesh', "Anjan's"],
            vars: { style: ['Three Piece Cotton@2490', 'Unstitched Lawn@1890', 'Embroidered Georgette@5490', 'Printed Linen@3290'] },
            price: [1490, 7990],
            units: ['1 set', 'Size M', 'Size L', 'Size XL'],
            specs: { Material: ['Cotton', 'Lawn', 'Georgette', 'Linen'], Includes: ['Kameez, Salwar, Orna', 'Kameez and Orna'] },
            origin: BD,
            about: '{style} salwar kameez set in {color} from {brand}.',
            features: ['Three-piece set with orna', 'Colour-fast print', 'Dry clean recommended'],
          },
          {
            name: '{brand} Printed Orna (ওড়না) - {color}',
            brands: ['Aarong', 'Kay Kraft', 'Rang Bangladesh', 'Le Reve'],
            price: [390, 1490],
            units: PC,
            specs: { Material: ['Cotton', 'Chiffon', 'Half Silk'] },
            origin: BD,
            about: 'Light printed orna (ওড়না) in {color} to pair with any kameez.',
            name_bn: '{brand} প্রিন্টেড ওড়না - {color}',
            about_bn: 'যেকোনো কামিজের সাথে মানানসই হালকা {color} প্রিন্টেড ওড়না।',
            features: ['2.5 m long', 'Soft hand feel', 'Hand wash'],
          },
          {
            name: '{brand} Palazzo Pants - {color}',
            brands: ['Yellow', 'Le Reve', 'Ecstasy', 'Infinity'],
            price: [690, 1690],
            units: SIZES,
            specs: { Material: ['Viscose', 'Cotton', 'Linen Blend'] },
            origin: BD,
            about: 'Flowing palazzo pants in {color}, elastic waist, all-day comfort.',
            features: ['Elastic waistband', 'Side pockets', 'Machine wash gentle'],
          },
        ],
      },
      {
        name: 'Sarees and Traditional Wear',
        name_bn: 'শাড়ি ও ঐতিহ্যবাহী পোশাক',
        icon: 'saree',
        types: [
          {
            name: '{brand} Dhakai Jamdani Saree (জামদানি শাড়ি) - {color}',
            brands: ['Aarong', 'Kay Kraft', 'Rang Bangladesh', "Anjan's", 'Tangail Saree Kutir'],
            price: [5990, 38000],
            units: ['1 pc (with blouse piece)'],
            specs: { Material: ['Half Silk Jamdani', 'Cotton Jamdani', 'Resham Jamdani'], Length: ['5.5 m', '6 m'] },
            origin: BD,
            about: 'Handwoven Dhakai Jamdani saree — জামদানি শাড়ি — from {brand} in {color}, woven by artisans of Rupganj.',
            name_bn: '{brand} ঢাকাই জামদানি শাড়ি - {color}',
            about_bn: 'রূপগঞ্জের কারিগরদের হাতে বোনা {color} ঢাকাই জামদানি শাড়ি।',
            features: ['Handloom woven, each piece slightly unique', 'UNESCO-listed Jamdani weaving tradition', 'Dry clean only'],
          },
          {
            name: '{brand} Tangail Tant Saree (তাঁতের শাড়ি) - {color}',
            brands: ['Aarong', 'Tangail Saree Kutir', 'Kay Kraft', 'Rang Bangladesh'],
            price: [1290, 4490],
            units: ['1 pc'],
            specs: { Material: ['Cotton Tant', 'Half Silk Tant'], Length: ['5.5 m', '6 m'] },
            origin: BD,
            about: 'Everyday Tangail tant saree — তাঁতের শাড়ি — light and cool, in {color}.',
            name_bn: '{brand} টাঙ্গাইলের তাঁতের শাড়ি - {color}',
            about_bn: 'প্রতিদিনের জন্য হালকা, আরামদায়ক {color} টাঙ্গাইলের তাঁতের শাড়ি।',
            features: ['Handloom cotton from Tangail', 'Contrast border and anchal', 'Starch after wash for crisp drape'],
          },
          {
            name: '{brand} {style} Saree - {color}',
            brands: ['Aarong', 'Kay Kraft', "Anjan's", 'Le Reve', 'Mirpur Benarasi Palli'],
            vars: { style: ['Katan Benarasi@14500', 'Rajshahi Silk@8900', 'Muslin@16500', 'Georgette Party@3990', 'Monipuri@2490'] },
            price: [2490, 24000],
            units: ['1 pc (with blouse piece)'],
            specs: { Length: ['5.5 m', '6 m'] },
            origin: BD,
            about: '{style} saree in {color} for weddings, holud and festive evenings.',
            features: ['Comes with unstitched blouse piece', 'Rich zari border', 'Dry clean only'],
          },
          {
            name: '{brand} Hand-stitched Nakshi Kantha Shawl (নকশি কাঁথা) - {color}',
            brands: ['Aarong', 'Kay Kraft', 'Jessore Nakshi Ghar'],
            price: [1890, 8900],
            units: PC,
            specs: { Material: ['Cotton', 'Silk'] },
            origin: BD,
            about: 'Shawl with nakshi kantha (নকশি কাঁথা) running-stitch embroidery from Jessore artisans, in {color}.',
            features: ['Hand embroidered, takes weeks to make', 'Lightweight for winter evenings', 'Dry clean only'],
          },
        ],
      },
      {
        name: 'Footwear',
        name_bn: 'জুতা',
        icon: 'shoe',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Bata', 'Apex', 'Bay', 'Hush Puppies', 'Walkar'],
            vars: { style: ['Leather Sandal@1990', 'Casual Loafer@2990', 'Formal Oxford Shoe@4990', 'Leather Chappal@1290', 'Moccasin@2490'] },
            brandFactor: { 'Hush Puppies': 1.6, Walkar: 0.6 },
            price: [690, 6990],
            units: SHOE_SIZES,
            specs: { Upper: ['Genuine Leather', 'Synthetic Leather'], Sole: ['Rubber', 'PU', 'TPR'] },
            about: '{brand} {style} in {color} with a cushioned footbed for long days.',
            features: ['Cushioned insole', 'Slip-resistant sole', 'Exchange within 7 days if the size does not fit'],
          },
          {
            name: '{brand} {style} - {color}',
            brands: ['Lotto', 'North Star', 'Power', 'Apex', 'Adidas'],
            vars: { style: ['Running Sneaker@3990', 'Sports Shoe@2790', 'Canvas Sneaker@1890', 'Football Boot@3490', 'Walking Shoe@2990'] },
            brandFactor: { Adidas: 2.2, Power: 0.7 },
            price: [1490, 8990],
            units: SHOE_SIZES,
            specs: { Upper: ['Mesh', 'Knit', 'Canvas', 'Synthetic'], Sole: ['Rubber', 'EVA', 'Phylon'] },
            about: 'Lightweight {brand} {style} in {color}, cushioned for running, gym and everyday walks.',
            features: ['Breathable upper', 'Shock-absorbing midsole', 'Exchange within 7 days if the size does not fit'],
          },
          {
            name: '{brand} Ladies {style} - {color}',
            brands: ['Bata', 'Apex', 'Bay', 'Hush Puppies', 'Marie Claire'],
            vars: { style: ['Flat Sandal@1290', 'Heeled Sandal@2190', 'Ballerina@1590', 'Kolhapuri Chappal@990', 'Wedge Sandal@2490'] },
            price: [790, 4490],
            units: LADIES_SHOE_SIZES,
            specs: { Upper: ['Synthetic', 'Leather', 'Embellished'] },
            about: 'Comfortable {style} from {brand} in {color}.',
            features: ['Soft padded footbed', 'Lightweight', 'Exchange within 7 days'],
          },
          {
            name: '{brand} Flip Flop Slipper - {color}',
            brands: ['Bata', 'Apex', 'Walkar', 'Power'],
            price: [199, 690],
            units: SHOE_SIZES,
            about: 'Everyday rubber slipper from {brand} in {color}.',
            features: ['Waterproof', 'Anti-skid', 'Easy to clean'],
          },
        ],
      },
      {
        name: 'Bags and Wallets',
        name_bn: 'ব্যাগ ও মানিব্যাগ',
        icon: 'bag',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Apex', 'Bata', 'Leatherina', 'Kay Kraft', 'Aarong', 'Yellow'],
            vars: { style: ['Leather Wallet@1290', 'Ladies Handbag@3490', 'Laptop Backpack@2490', 'Travel Duffel Bag@2990', 'Sling Bag@1490', 'Jute Tote Bag@590', 'Leather Card Holder@690'] },
            price: [490, 5990],
            units: PC,
            about: '{brand} {style} in {color} with sturdy stitching and metal fittings.',
            features: ['Multiple compartments', 'Strong zips', 'Wipe clean with a dry cloth'],
          },
        ],
      },
      {
        name: 'Watches',
        name_bn: 'ঘড়ি',
        icon: 'watch',
        types: [
          {
            name: '{brand} {model} Watch - {color}',
            brands: ['Casio', 'Titan', 'Fastrack', 'Naviforce', 'Curren', 'Citizen'],
            models: {
              Casio: ['MTP-1302D@3950', 'Edifice EFV-100@9800', 'G-Shock GA-2100@14500', 'A158WA Vintage@2650', 'LTP-V300@4200'],
              Titan: ['Neo 1806@8990', 'Karishma 1580@5990', 'Raga 2606@12900', 'Edge 1683@22500'],
              Fastrack: ['Reflex 3.0@2990', 'Bold 3240@3490', 'Stunners 6150@2790'],
              Naviforce: ['NF9163@2350', 'NF9197@2650', 'NF8023@1950'],
              Curren: ['8356@1850', '8291@2150', '8329@1990'],
              Citizen: ['BI5000@9800', 'Eco-Drive AW1231@18500'],
            },
            price: [1500, 15000],
            units: PC,
            specs: { 'Water Resistance': ['30 m', '50 m', '100 m', '200 m'], Strap: ['Stainless Steel', 'Leather', 'Resin'] },
            warranty: ['1 year', '2 years'],
            origin: ['Japan', 'India', 'China', 'Thailand'],
            about: '{brand} {model} watch in {color}: reliable movement, clear dial, everyday water resistance.',
            features: ['Official brand warranty', 'Scratch-resistant mineral glass', 'Comes in gift box'],
          },
        ],
      },
      {
        name: 'Sunglasses and Accessories',
        name_bn: 'সানগ্লাস ও অ্যাক্সেসরিজ',
        icon: 'glasses',
        types: [
          {
            name: '{brand} {style} Sunglasses - {color}',
            brands: ['Ray-Ban', 'Fastrack', 'Police', 'Oakley', 'Titan Eye+'],
            vars: { style: ['Aviator@2490', 'Wayfarer@1990', 'Polarized Sports@2990', 'Round@1690', 'Clubmaster@2290'] },
            brandFactor: { 'Ray-Ban': 4.5, Oakley: 4, Police: 3, 'Titan Eye+': 1.3, Fastrack: 0.7 },
            price: [990, 14900],
            units: PC,
            specs: { Lens: ['UV400', 'Polarized', 'Gradient'], Frame: ['Metal', 'Acetate', 'TR90'] },
            warranty: ['6 months', '1 year'],
            origin: ['Italy', 'China', 'India'],
            about: '{style} sunglasses from {brand} with full UV protection, frame in {color}.',
            features: ['100% UV protection', 'Comes with case and cleaning cloth', 'Lightweight frame'],
          },
          {
            name: '{brand} {style} - {color}',
            brands: ['Aarong', 'Apex', 'Yellow', 'Kay Kraft'],
            vars: { style: ['Leather Belt@990', 'Silk Tie@890', 'Cotton Gamchha (গামছা)@290', 'Woven Cap@450', 'Silver Cufflinks@1990'] },
            price: [250, 2490],
            units: PC,
            origin: BD,
            about: '{brand} {style} in {color}: a small finishing touch.',
            features: ['Quality checked', 'Gift ready packaging'],
          },
        ],
      },
    ],
  },
  {
    name: 'Baby and Kids',
    name_bn: 'বেবি ও কিডস',
    icon: 'teddy',
    hue: 200,
    subs: [
      {
        name: 'Baby Clothing',
        name_bn: 'শিশুদের পোশাক',
        icon: 'onesie',
        types: [
          {
            name: '{brand} Baby {style} - {color}',
            brands: ['Aarong', 'Yellow', 'Le Reve', 'Mothercare', 'Carter\'s'],
            vars: { style: ['Cotton Romper@690', 'Onesie Pack@1290', 'Frock@990', 'Sleepsuit@890', 'Kantha Wrap@1190'] },
            price: [390, 1990],
            units: KID_SIZES,
            specs: { Material: ['100% Organic Cotton', 'Soft Cotton', 'Muslin'] },
            about: '{style} for babies in {color}, soft on delicate skin.',
            features: ['Snap buttons for easy changing', 'Tag-free neck', 'Machine wash cold'],
          },
          {
            name: '{brand} Kids {style} - {color}',
            brands: ['Yellow', 'Ecstasy', 'Le Reve', 'Cats Eye', 'Aarong'],
            vars: { style: ['T-Shirt@490', 'Panjabi Set@1590', 'Party Dress@1990', 'Shorts Set@890', 'Hoodie@1290'] },
            price: [450, 2490],
            units: ['2-3 Years', '4-5 Years', '6-7 Years', '8-9 Years', '10-11 Years'],
            specs: { Material: ['Cotton', 'Cotton Jersey', 'Fleece'] },
            origin: BD,
            about: 'Kids {style} from {brand} in {color}: comfortable for play and school.',
            features: ['Soft, skin-friendly fabric', 'Durable stitching', 'Machine washable'],
          },
        ],
      },
      {
        name: 'Diapers and Wipes',
        name_bn: 'ডায়াপার ও ওয়াইপস',
        icon: 'diaper',
        types: [
          {
            name: '{brand} {style} Baby Diaper {size}',
            brands: ['Pampers', 'Huggies', 'Supermom', 'Molfix', 'Savlon Twinkle', 'Mamy Poko Pants'],
            vars: { style: ['Pant Style', 'Belt System', 'Premium Care', 'Dry Comfort'], size: ['Small (4-8 kg)', 'Medium (6-11 kg)', 'Large (9-14 kg)', 'XL (12-17 kg)'] },
            price: [850, 2690],
            units: ['Pack of 40', 'Pack of 52', 'Pack of 62', 'Pack of 72'],
            origin: ['Bangladesh', 'Malaysia', 'Turkey', 'Thailand'],
            about: '{brand} {style} diapers, size {size}, with up to 12 hours of dryness.',
            features: ['Wetness indicator', 'Soft elastic waistband', 'Breathable outer cover'],
          },
          {
            name: '{brand} Baby Wipes {style}',
            brands: ['Supermom', 'Johnson\'s', 'Savlon Twinkle', 'Huggies', 'Pigeon'],
            vars: { style: ['Fragrance Free', 'Aloe Vera', 'Water Wipes', 'Sensitive'] },
            price: [120, 450],
            units: ['Pack of 72', 'Pack of 80', 'Pack of 3 x 64'],
            about: 'Gentle {style} baby wipes, alcohol free and dermatologically tested.',
            features: ['Alcohol free', 'pH balanced', 'Resealable lid'],
          },
        ],
      },
      {
        name: 'Baby Food and Feeding',
        name_bn: 'শিশুখাদ্য ও ফিডিং',
        icon: 'bottle',
        types: [
          {
            name: '{brand} {model}',
            brands: ['Nestlé', 'Pran', 'Danish', 'Milk Vita'],
            models: {
              'Nestlé': ['Cerelac Wheat with Milk#400 g@560', 'Cerelac Rice with Milk#400 g@560', 'Lactogen 1 Infant Formula#350 g@1150', 'NAN Optipro 2#400 g@1850', 'Nido Fortigrow#350 g@820'],
              Pran: ['Baby Rice Cereal#300 g@320', 'Frooto Mango Juice#250 ml@30', 'Kids Milk Biscuit#200 g@60'],
              Danish: ['Full Cream Milk Powder#500 g@480', 'Full Cream Milk Powder#1 kg@890'],
              'Milk Vita': ['Full Cream Milk Powder#500 g@460', 'Sterilised Liquid Milk#1 L@110'],
            },
            price: [120, 1850],
            units: ['1 pc'],
            specs: { 'Suitable For': ['6 months+', '1 year+', '0-6 months', '3 years+'] },
            about: '{brand} {model}, packed with nutrients for growing babies.',
            features: ['Check the age on the pack', 'Store in a cool, dry place', 'Use within 3 weeks of opening'],
          },
          {
            name: '{brand} {style} Feeding Bottle {size}',
            brands: ['Pigeon', 'Philips Avent', 'Chicco', 'Farlin', 'Supermom'],
            vars: { style: ['Anti-Colic', 'Wide Neck', 'Glass', 'PP Slim'], size: ['120 ml', '150 ml', '240 ml', '260 ml'] },
            price: [290, 1690],
            units: ['1 pc', 'Pack of 2', 'Pack of 3'],
            specs: { Material: ['BPA-free PP', 'Borosilicate Glass'] },
            origin: ['Japan', 'Thailand', 'Indonesia', 'Taiwan', 'China'],
            about: '{brand} {style} feeding bottle, {size}, with a soft silicone nipple.',
            features: ['BPA free', 'Easy to sterilise', 'Measurement markings'],
          },
        ],
      },
      {
        name: 'Toys and Games',
        name_bn: 'খেলনা ও গেমস',
        icon: 'teddy',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Red', ' - Blue', ' - Pink', ' - Multicolour', ' (Gift Pack)'],
            brands: ['Lego', 'Hot Wheels', 'Barbie', 'Funskool', 'RFL', 'Mattel', 'Toy Kingdom'],
            models: {
              Lego: ['Classic Creative Bricks (484 pcs)@4990', 'City Police Station@11900', 'Duplo My First Animals@2490', 'Technic Race Car@3490'],
              'Hot Wheels': ['Die-cast Car 5-Pack@1290', 'Track Builder Stunt Set@3490', 'Monster Truck@890'],
              Barbie: ['Fashion Doll@1990', 'Dreamhouse Adventures Doll@2490', 'Career Doll Doctor@1690'],
              Funskool: ['Ludo and Snakes Board Game@450', 'Monopoly Classic@1890', 'Jigsaw Puzzle 500 pcs@790'],
              RFL: ['Kids Tricycle@3490', 'Plastic Toy Car@590', 'Baby Walker@2890'],
              Mattel: ['UNO Card Game@390', 'Jurassic World Dinosaur@1490', 'Fisher-Price Rattle Set@990'],
              'Toy Kingdom': ['Soft Teddy Bear 60 cm@1290', 'Remote Control Car@2490', 'Carrom Board 29"@3290', 'Cricket Bat and Ball Set@890'],
            },
            price: [290, 8990],
            units: PC,
            specs: { 'Age Group': ['3+ years', '5+ years', '8+ years', '1-4 years'] },
            origin: ['China', 'Bangladesh', 'Indonesia', 'Malaysia'],
            about: '{brand} {style} — fun that builds imagination and motor skills.',
            features: ['Non-toxic, child-safe materials', 'Gift ready box', 'Adult supervision advised for small parts'],
          },
        ],
      },
      {
        name: 'School Supplies',
        name_bn: 'স্কুলের জিনিসপত্র',
        icon: 'pencil',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Blue', ' - Black', ' - Red', ' - Assorted Colours', ' (Exam Pack)'],
            brands: ['Matador', 'Faber-Castell', 'Deli', 'Doms', 'Econo', 'Bashundhara'],
            models: {
              Matador: ['Pinpoint Ball Pen Box (50 pcs)@300', 'Gel Pen Pack of 10@200', 'Highlighter Set 5 Colours@180'],
              'Faber-Castell': ['Colour Pencil 24 Shades@450', 'HB Pencil Pack of 10@150', 'Geometry Box@350', 'Water Colour Set 12@390'],
              Deli: ['Scientific Calculator@890', 'Stapler with Pins@250', 'Sticky Notes Pack@120'],
              Doms: ['Colour Pencil 12 Shades@220', 'Wax Crayons 24@180', 'Geometry Box@280'],
              Econo: ['DX Ball Pen Box (50 pcs)@260', 'Ocean Gel Pen Pack of 12@240'],
              Bashundhara: ['Exercise Khata 200 pages@90', 'Drawing Book A4@80', 'Spiral Notebook 300 pages@160'],
            },
            price: [60, 1890],
            units: ['1 pc', 'Pack of 2', 'Pack of 3'],
            origin: ['Bangladesh', 'India', 'China', 'Germany'],
            about: '{brand} {style} for school, coaching and exam days.',
            features: ['Smooth, reliable writing', 'Child safe', 'Great value pack'],
          },
        ],
      },
      {
        name: "Kids' Footwear",
        name_bn: 'বাচ্চাদের জুতা',
        icon: 'shoe',
        types: [
          {
            name: '{brand} Kids {style} - {color}',
            brands: ['Bata', 'Apex', 'Bubblegummers', 'Walkar'],
            vars: { style: ['School Shoe@1290', 'Light-up Sneaker@1690', 'Velcro Sandal@790', 'Sports Shoe@1490', 'Rubber Boot@690'] },
            price: [490, 2490],
            units: KID_SHOE_SIZES,
            about: 'Sturdy {style} for kids from {brand} in {color}.',
            features: ['Easy velcro or lace fastening', 'Non-marking sole', 'Exchange within 7 days'],
          },
        ],
      },
    ],
  },
  {
    name: 'Beauty and Personal Care',
    name_bn: 'রূপচর্চা ও ব্যক্তিগত যত্ন',
    icon: 'lipstick',
    hue: 300,
    subs: [
      {
        name: 'Skin Care',
        name_bn: 'ত্বকের যত্ন',
        icon: 'jar',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Meril', 'Pond\'s', 'Nivea', 'Garnier', 'Glow & Lovely', 'Tibbet', 'Himalaya', 'Cetaphil', 'Simple'],
            vars: { style: ['Face Wash#100 g@280', 'Moisturising Cream#50 g@390', 'Sunscreen SPF 50#50 ml@750', 'Vitamin C Serum#30 ml@990', 'Petroleum Jelly#100 ml@120', 'Night Cream#50 g@590', 'Body Lotion#200 ml@450', 'Baby Lotion#100 ml@320'] },
            brandFactor: { Cetaphil: 2.2, Simple: 1.6, Nivea: 1.2, Meril: 0.8, Tibbet: 0.7 },
            price: [90, 1890],
            units: ['1 pc', 'Pack of 2'],
            origin: COSMETIC_ORIGIN,
            specs: { 'Skin Type': ['All skin types', 'Oily skin', 'Dry skin', 'Sensitive skin'] },
            about: '{brand} {style} for healthy, glowing skin in humid weather.',
            features: ['Dermatologically tested', 'For daily use', 'Check expiry date on pack'],
          },
        ],
      },
      {
        name: 'Hair Care',
        name_bn: 'চুলের যত্ন',
        icon: 'shampoo',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Sunsilk', 'Parachute', 'Jui', 'Head & Shoulders', 'Dove', 'Pantene', 'Clear', 'Keya', 'Kumarika', 'Tresemmé'],
            vars: { style: ['Shampoo#340 ml@380', 'Shampoo#180 ml@220', 'Conditioner#180 ml@260', 'Coconut Hair Oil#200 ml@240', 'Anti-Dandruff Shampoo#340 ml@450', 'Hair Serum#100 ml@550', 'Amla Hair Oil#200 ml@180'] },
            price: [110, 990],
            units: PC,
            origin: COSMETIC_ORIGIN,
            about: '{brand} {style} for strong, shiny hair.',
            features: ['Suitable for daily use', 'Pleasant long-lasting fragrance', 'Avoid contact with eyes'],
          },
        ],
      },
      {
        name: 'Makeup',
        name_bn: 'মেকআপ',
        icon: 'lipstick',
        types: [
          {
            name: '{brand} {style} - {shade}',
            brands: ['Maybelline', 'Lakmé', 'L\'Oréal', 'Revlon', 'MAC', 'Rimmel'],
            brandFactor: { MAC: 2.5, 'L\'Oréal': 1.3, Revlon: 1.2 },
            vars: { style: ['Matte Lipstick@890', 'Liquid Foundation@1490', 'Kajal@390', 'Mascara@990', 'Compact Powder@790', 'Nail Polish@350', 'BB Cream@690'], shade: ['Ruby Red', 'Nude Beige', 'Deep Plum', 'Coral Pink', 'Natural Ivory', 'Warm Sand', 'Jet Black'] },
            price: [290, 3490],
            units: PC,
            origin: ['France', 'India', 'USA', 'Thailand', 'China'],
            about: '{brand} {style} in {shade}: long-wear colour that lasts through the day.',
            features: ['Long lasting', 'Cruelty free', '100% authentic, imported'],
          },
        ],
      },
      {
        name: 'Fragrances',
        name_bn: 'সুগন্ধি',
        icon: 'perfume',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Oud', ' - Aqua', ' - Musk', ' - Rose', ' - Sport', ' - Black', ' - Citrus'],
            brands: ['Fogg', 'Denver', 'Axe', 'Nivea', 'Park Avenue', 'Al Haramain', 'Ajmal'],
            vars: { style: ['Body Spray#150 ml@450', 'Eau de Parfum#100 ml@2990', 'Deodorant#150 ml@390', 'Attar (আতর)#6 ml@690', 'Roll-on#50 ml@320'] },
            price: [190, 4990],
            units: PC,
            origin: ['India', 'UAE', 'Germany', 'France'],
            about: '{brand} {style} with a fresh, long-lasting scent.',
            features: ['Long-lasting fragrance', 'Travel friendly', 'Keep away from flame'],
          },
        ],
      },
      {
        name: 'Bath and Body',
        name_bn: 'গোসল ও শরীরের যত্ন',
        icon: 'soap',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Lux', 'Dove', 'Lifebuoy', 'Meril', 'Keya', 'Kohinoor', 'Savlon', 'Dettol', 'Sandalina', 'Tibbet'],
            vars: { style: ['Beauty Soap 100 g@65', 'Antibacterial Soap 100 g@60', 'Body Wash 250 ml@390', 'Hand Wash 200 ml@150', 'Glycerine Soap 75 g@55', 'Shower Gel 250 ml@450'] },
            price: [40, 690],
            units: ['1 pc', 'Pack of 3', 'Pack of 4'],
            origin: COSMETIC_ORIGIN,
            about: '{brand} {style} that cleans gently and leaves skin fresh.',
            features: ['Rich lather', 'Gentle on skin', 'For the whole family'],
          },
        ],
      },
      {
        name: "Men's Grooming",
        name_bn: 'ছেলেদের গ্রুমিং',
        icon: 'razor',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Sensitive', ' - Classic', ' - Pro', ' (Travel Pack)'],
            brands: ['Gillette', 'Philips', 'Kemei', 'Nivea Men', 'Park Avenue', 'Xiaomi'],
            vars: { style: ['Mach3 Razor@690', 'Shaving Foam 418 g@590', 'Beard Trimmer@2490', 'Hair Clipper@2990', 'After Shave Lotion 100 ml@450', 'Face Wash for Men 100 g@320'] },
            price: [180, 4490],
            units: PC,
            origin: ['China', 'India', 'Germany', 'Poland'],
            about: '{brand} {style} for a clean, sharp look.',
            features: ['Skin-friendly blades and guards', 'Easy to clean', 'Authentic product'],
          },
        ],
      },
      {
        name: 'Oral Care',
        name_bn: 'দাঁত ও মুখের যত্ন',
        icon: 'toothbrush',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Mint', ' - Herbal', ' - Whitening', ' - Sensitive', ' - Kids'],
            brands: ['Pepsodent', 'Closeup', 'Sensodyne', 'Colgate', 'Mediplus', 'Oral-B'],
            vars: { style: ['Toothpaste 200 g@160', 'Toothpaste 140 g@120', 'Soft Toothbrush@60', 'Mouthwash 250 ml@290', 'Herbal Toothpaste 100 g@110', 'Gum Care Toothpaste 75 g@190'] },
            price: [45, 3490],
            units: ['1 pc', 'Pack of 2', 'Pack of 3'],
            origin: ['Bangladesh', 'India', 'Thailand', 'UK'],
            about: '{brand} {style} for fresh breath and strong teeth.',
            features: ['Fluoride protection', 'Dentist recommended', 'For the whole family'],
          },
        ],
      },
    ],
  },
  {
    name: 'Electronics and Gadgets',
    name_bn: 'ইলেকট্রনিক্স ও গ্যাজেট',
    icon: 'phone',
    hue: 215,
    subs: [
      {
        name: 'Mobile Phones',
        name_bn: 'মোবাইল ফোন',
        icon: 'phone',
        types: [
          {
            name: '{brand} {model} - {color}',
            brands: ['Samsung', 'Xiaomi', 'Walton', 'Symphony', 'Realme', 'Oppo', 'Vivo', 'Infinix', 'Tecno', 'Apple', 'Nokia'],
            models: {
              Samsung: ['Galaxy A15 (6/128GB)@19999', 'Galaxy A25 5G (8/128GB)@30999', 'Galaxy A35 5G (8/256GB)@42999', 'Galaxy S24 (8/256GB)@114999', 'Galaxy M14 (4/64GB)@15999', 'Galaxy A05s (4/128GB)@14999', 'Galaxy S24 Ultra (12/256GB)@164999'],
              Xiaomi: ['Redmi 13C (6/128GB)@15499', 'Redmi Note 13 (8/256GB)@24999', 'Redmi Note 13 Pro (8/256GB)@34999', 'Poco X6 Pro (12/512GB)@42999', 'Redmi A3 (4/64GB)@10999'],
              Walton: ['Primo S8 (4/64GB)@11499', 'NEXG N71 (8/128GB)@16999', 'Orbit Y21 (3/32GB)@8499', 'Primo NH5 (2/32GB)@6999'],
              Symphony: ['Z60 Plus (4/64GB)@10990', 'Innova 30 (6/128GB)@13490', 'Atom 4 (3/32GB)@7990', 'D54 Feature Phone@1450'],
              Realme: ['C55 (8/128GB)@21999', 'Note 50 (4/64GB)@11999', '12 Pro+ 5G (12/256GB)@52999'],
              Oppo: ['A78 (8/128GB)@26990', 'Reno 11 5G (8/256GB)@54990', 'A18 (4/64GB)@13990'],
              Vivo: ['Y17s (4/128GB)@15999', 'Y36 (8/128GB)@24999', 'V30 5G (12/256GB)@54999'],
              Infinix: ['Hot 40i (8/128GB)@14999', 'Note 40 Pro (8/256GB)@29999', 'Smart 8 (4/64GB)@10499'],
              Tecno: ['Spark 20 (8/256GB)@17999', 'Pova 6 Pro (12/256GB)@28999', 'Camon 30 (8/256GB)@29999'],
              Apple: ['iPhone 15 (128GB)@134999', 'iPhone 15 Pro Max (256GB)@199999', 'iPhone 13 (128GB)@99999'],
              Nokia: ['105 Feature Phone@1990', 'G42 5G (6/128GB)@24999', 'C32 (4/64GB)@13999'],
            },
            price: [8000, 60000],
            units: PC,
            specs: { Display: ['6.5" HD+', '6.6" FHD+ AMOLED', '6.7" 120Hz AMOLED', '6.1" OLED'], Battery: ['5000 mAh', '6000 mAh', '4500 mAh'], 'Network': ['4G', '5G'] },
            warranty: ['1 year official', '1 year + 6 months service'],
            origin: ['Bangladesh', 'Vietnam', 'China', 'India'],
            about: '{brand} {model} smartphone in {color}, official Bangladesh variant with BTRC approval.',
            features: ['Official warranty from the brand service centre', 'Dual SIM, VoLTE', 'Fast charger in the box'],
          },
        ],
      },
      {
        name: 'Laptops and Computers',
        name_bn: 'ল্যাপটপ ও কম্পিউটার',
        icon: 'laptop',
        types: [
          {
            name: '{brand} {model} Laptop',
            brands: ['HP', 'Dell', 'Lenovo', 'Asus', 'Walton', 'Apple', 'Acer', 'MSI'],
            models: {
              HP: ['15s Core i5 12th Gen 8GB 512GB SSD@76500', 'Victus 15 Ryzen 5 RTX 3050@98000', 'Pavilion 14 Core i7@112000', '250 G9 Core i3@52500'],
              Dell: ['Inspiron 3520 Core i5@74500', 'Vostro 3430 Core i3@58000', 'XPS 13 Core i7@185000'],
              Lenovo: ['IdeaPad Slim 3 Ryzen 5@64500', 'ThinkPad E14 Core i5@96500', 'LOQ 15 Core i5 RTX 4050@132000', 'V15 Celeron@36500'],
              Asus: ['Vivobook 15 Core i3@54500', 'TUF Gaming F15 Core i5@105000', 'Zenbook 14 OLED Core Ultra 5@128000'],
              Walton: ['Tamarind ZX510 Core i5@56900', 'Passion BX310 Core i3@42900', 'Prelude N41 Celeron@27990'],
              Apple: ['MacBook Air M2 8GB 256GB@118000', 'MacBook Air M3 16GB 512GB@172000', 'MacBook Pro 14 M3@215000'],
              Acer: ['Aspire 7 Ryzen 5 GTX 1650@79000', 'Aspire 3 Core i3@48500'],
              MSI: ['Thin GF63 Core i5 RTX 2050@86000', 'Modern 14 Core i5@69000'],
            },
            price: [30000, 150000],
            units: PC,
            specs: { Display: ['14" FHD', '15.6" FHD IPS', '15.6" FHD 144Hz', '13.6" Liquid Retina'], RAM: ['8 GB', '16 GB'], Storage: ['256 GB SSD', '512 GB SSD', '1 TB SSD'] },
            warranty: ['1 year', '2 years', '3 years (parts)'],
            origin: ['China', 'Bangladesh', 'Taiwan', 'Vietnam'],
            about: '{brand} {model} laptop for study, office and freelancing work.',
            features: ['Genuine Windows 11 Home (where applicable)', 'Official brand warranty', 'Free laptop bag'],
          },
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Black', ' - White', ' - Grey'],
            brands: ['Logitech', 'A4Tech', 'Xiaomi', 'TP-Link', 'Walton', 'Havit'],
            models: {
              Logitech: ['B100 USB Mouse@450', 'M185 Wireless Mouse@1150', 'MK270 Wireless Keyboard and Mouse Combo@2650', 'C270 HD Webcam@2850', 'K380 Bluetooth Keyboard@3650'],
              A4Tech: ['OP-620D USB Mouse@390', 'KRS-85 USB Keyboard@650', 'FG1010 Wireless Combo@1650', 'HS-30 Stereo Headphone@990'],
              'TP-Link': ['Archer C6 AC1200 Wi-Fi Router@3150', 'TL-WR840N 300Mbps Router@1550', 'Deco M4 Mesh Wi-Fi (2-pack)@8900', 'TL-WN725N Nano Wi-Fi Adapter@650'],
              Xiaomi: ['Router 4A Gigabit@2650', 'Wireless Mouse Lite@850', 'Mi 23.8" Desktop Monitor@13900'],
              Walton: ['64 GB Pen Drive@590', '22" Full HD Monitor WD215V@9500', '256 GB SATA SSD@2450', '1 TB Portable Hard Drive@5990'],
              Havit: ['KB656 Gaming Keyboard@1450', 'H2002d Gaming Headset@2150', 'MS1003 Optical Mouse@350'],
            },
            price: [390, 18900],
            units: PC,
            warranty: ['6 months', '1 year', '3 years'],
            origin: ELECTRONIC_ORIGIN,
            about: '{brand} {style}: plug and play, reliable everyday performance.',
            features: ['Plug and play', 'Official warranty', 'Compatible with Windows and macOS'],
          },
        ],
      },
      {
        name: 'Televisions',
        name_bn: 'টেলিভিশন',
        icon: 'tv',
        types: [
          {
            name: '{brand} {size} {style} TV',
            brands: ['Walton', 'Samsung', 'Sony', 'Singer', 'Vision', 'Minister', 'Jamuna', 'Xiaomi', 'LG'],
            vars: { size: ['24"@14500', '32"@21900', '43"@38900', '50"@56900', '55"@74900', '65"@119000'], style: ['HD LED', 'Smart Android', 'Full HD Smart', '4K UHD Google', 'Frameless Smart'] },
            price: [14000, 120000],
            units: PC,
            specs: { Resolution: ['1366 x 768', '1920 x 1080', '3840 x 2160'], Sound: ['16 W', '20 W', '24 W Dolby Audio'] },
            warranty: ['1 year', '2 years (panel)', '3 years'],
            origin: ['Bangladesh', 'Malaysia', 'China', 'Vietnam'],
            about: '{brand} {size} {style} television with vivid colour and built-in apps.',
            features: ['Free installation inside Dhaka', 'Wall mount included', 'Official service warranty'],
          },
        ],
      },
      {
        name: 'Audio and Headphones',
        name_bn: 'অডিও ও হেডফোন',
        icon: 'headphones',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['JBL', 'Sony', 'Xiaomi', 'Realme', 'Edifier', 'QCY', 'Soundcore', 'Samsung', 'Walton'],
            vars: { style: ['True Wireless Earbuds@2490', 'Bluetooth Neckband@1490', 'Over-Ear Headphones@4990', 'Portable Bluetooth Speaker@3990', 'Wired Earphones@590', 'Soundbar 2.1@14900'] },
            brandFactor: { JBL: 1.6, Sony: 1.8, Samsung: 1.5, Edifier: 1.3, QCY: 0.6, Xiaomi: 0.8, Realme: 0.8, Walton: 0.6 },
            price: [490, 24900],
            units: PC,
            specs: { Battery: ['Up to 8 hours', 'Up to 20 hours', 'Up to 30 hours'], Connectivity: ['Bluetooth 5.3', 'Bluetooth 5.0', '3.5 mm jack'] },
            warranty: ['6 months', '1 year'],
            origin: ELECTRONIC_ORIGIN,
            about: '{brand} {style} in {color} with deep bass and clear calls.',
            features: ['Fast pairing', 'Built-in microphone', 'Official warranty'],
          },
        ],
      },
      {
        name: 'Smart Watches and Wearables',
        name_bn: 'স্মার্টওয়াচ ও ওয়্যারেবলস',
        icon: 'watch',
        types: [
          {
            name: '{brand} {model} Smart Watch - {color}',
            brands: ['Xiaomi', 'Amazfit', 'Samsung', 'Kieslect', 'Huawei', 'Realme', 'Apple'],
            models: {
              Xiaomi: ['Redmi Watch 4@10999', 'Smart Band 8@4299', 'Watch 2 Lite@7499'],
              Amazfit: ['Bip 5@9499', 'GTS 4 Mini@11999', 'Active Edge@15999'],
              Samsung: ['Galaxy Watch6 40mm@32999', 'Galaxy Fit3@6999', 'Galaxy Watch FE@24999'],
              Kieslect: ['Kr Pro@5490', 'Ks Pro@6490', 'Lora 2@4990'],
              Huawei: ['Band 9@5999', 'Watch Fit 3@15999'],
              Realme: ['Watch 3 Pro@6999', 'TechLife Watch R100@3999'],
              Apple: ['Watch SE 40mm@34999', 'Watch Series 9 45mm@54999'],
            },
            price: [3000, 50000],
            units: PC,
            specs: { Display: ['1.43" AMOLED', '1.96" AMOLED', '1.75" HD'], Battery: ['Up to 7 days', 'Up to 14 days', 'Up to 18 hours'] },
            warranty: ['1 year'],
            origin: ['China', 'Vietnam', 'India'],
            about: '{brand} {model} in {color}: heart rate, SpO2, sleep tracking and notifications.',
            features: ['Water resistant', 'Bluetooth calling (model dependent)', 'Official warranty'],
          },
        ],
      },
      {
        name: 'Home Appliances',
        name_bn: 'গৃহস্থালি যন্ত্রপাতি',
        icon: 'fridge',
        types: [
          {
            name: '{brand} {model}',
            brands: ['Walton', 'Singer', 'Vision', 'Minister', 'Jamuna', 'Samsung', 'LG', 'Haier', 'Gree', 'General'],
            vars: {
              model: [
                '252 L Frost Refrigerator@42990', '380 L Non-Frost Refrigerator@74990', '1.5 Ton Inverter AC@72900', '1 Ton Split AC@52900',
                '2 Ton Inverter AC@98900', '56" Ceiling Fan@4650', '16" Rechargeable Table Fan@5990', '8 kg Front Load Washing Machine@54900',
                '7 kg Twin Tub Washing Machine@22900', '25 L Microwave Oven@14990', '15 L Electric Water Heater (Geyser)@11900',
                '120 L Chest Freezer@27990', 'IPS 1200VA Backup@21500', 'Voltage Stabilizer 1000VA@3650',
              ],
            },
            price: [3000, 100000],
            units: PC,
            specs: { 'Energy Rating': ['3 Star', '4 Star', '5 Star'], Colour: ['White', 'Silver', 'Black Glass', 'Floral Blue'] },
            warranty: ['1 year', '2 years', '10 years (compressor)', '5 years (motor)'],
            origin: ['Bangladesh', 'Thailand', 'China', 'Malaysia'],
            about: '{brand} {model}, built for Bangladesh voltage and weather.',
            features: ['Free home delivery inside Dhaka', 'Nationwide service network', 'Easy EMI on selected cards'],
          },
        ],
      },
      {
        name: 'Cameras',
        name_bn: 'ক্যামেরা',
        icon: 'camera',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' with 64 GB Card', ' with Tripod', ' - Black', ' - White', ' Combo Kit'],
            brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm', 'GoPro', 'Xiaomi', 'Imou', 'TP-Link'],
            models: {
              Canon: ['EOS 1500D with 18-55mm Lens@52500', 'EOS R50 Mirrorless@96500', 'EOS 200D II@79000'],
              Nikon: ['D3500 with 18-55mm Lens@54900', 'Z50 Mirrorless Kit@108000'],
              Sony: ['ZV-E10 Vlog Camera@78500', 'Alpha a6400 Kit@128000', 'Cyber-shot W830@16500'],
              Fujifilm: ['Instax Mini 12@9990', 'X-T30 II Kit@119000'],
              GoPro: ['Hero 12 Black@52000', 'Hero 11 Black Mini@39000'],
              Xiaomi: ['Smart Camera C200 (IP)@3290', 'Smart Camera C300 2K (IP)@4190', 'Outdoor Camera AW300@5990'],
              Imou: ['Ranger 2 Wi-Fi Camera@3190', 'Cruiser 4MP Outdoor@6990'],
              'TP-Link': ['Tapo C200 Wi-Fi Camera@2990', 'Tapo C310 Outdoor@4490'],
            },
            price: [3000, 120000],
            units: PC,
            warranty: ['1 year', '2 years'],
            origin: ['Japan', 'Thailand', 'China', 'Vietnam'],
            about: '{brand} {model} to capture family moments, vlogs or keep an eye on home.',
            features: ['Official warranty', 'Free memory card on selected models', 'Nationwide delivery'],
          },
        ],
      },
      {
        name: 'Mobile Accessories',
        name_bn: 'মোবাইল অ্যাক্সেসরিজ',
        icon: 'plug',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Anker', 'Baseus', 'Xiaomi', 'Ugreen', 'Remax', 'Walton', 'Samsung', 'Joyroom'],
            vars: { style: ['20W Fast Charger@990', '10000 mAh Power Bank@1690', '20000 mAh Power Bank@2490', 'USB-C to USB-C Cable 1 m@490', 'Car Charger 38W@890', 'Phone Holder Stand@450', 'Magnetic Wireless Charger@1990', 'Tempered Glass Protector@250'] },
            brandFactor: { Anker: 1.6, Samsung: 1.5, Ugreen: 1.2, Remax: 0.8, Walton: 0.7 },
            price: [150, 4990],
            units: ['1 pc', 'Pack of 2'],
            warranty: ['6 months', '1 year', '18 months'],
            origin: ELECTRONIC_ORIGIN,
            about: '{brand} {style} in {color}, tested for safe fast charging.',
            features: ['Over-charge and short-circuit protection', 'Compact design', 'Authentic product'],
          },
        ],
      },
    ],
  },
  {
    name: 'Home and Kitchen Essentials',
    name_bn: 'ঘর ও রান্নাঘরের প্রয়োজনীয় জিনিস',
    icon: 'pot',
    hue: 30,
    subs: [
      {
        name: 'Cookware',
        name_bn: 'রান্নার হাঁড়ি-পাতিল',
        icon: 'pot',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Kiam', 'Diamond', 'Prestige', 'Miyako', 'RFL', 'Hawkins', 'Tefal'],
            vars: {
              style: [
                'Non-Stick Fry Pan 24 cm@1290', 'Non-Stick Fry Pan 28 cm@1690', 'Pressure Cooker 3 L@2790', 'Pressure Cooker 5 L@3490',
                'Aluminium Dekchi (ডেকচি) Set 5 pcs#1 set@2490', 'Non-Stick Karai 26 cm@1890', 'Cast Iron Tawa 28 cm@1490',
                'Stainless Steel Cookware Set 7 pcs#1 set@6990',
              ],
            },
            brandFactor: { Tefal: 1.8, Prestige: 1.3, Hawkins: 1.3, RFL: 0.8 },
            price: [590, 8990],
            units: ['1 pc'],
            specs: { Material: ['Aluminium', 'Stainless Steel', 'Cast Iron', 'Hard Anodised'], 'Induction Base': ['Yes', 'No'] },
            warranty: ['No warranty', '1 year', '2 years'],
            about: '{brand} {style}, even heating for bhuna, bhaji and everyday rice.',
            features: ['Works on gas stove', 'Easy to clean', 'Long-lasting coating'],
          },
        ],
      },
      {
        name: 'Kitchen Appliances',
        name_bn: 'রান্নাঘরের যন্ত্রপাতি',
        icon: 'blender',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Miyako', 'Walton', 'Vision', 'Jaipan', 'Panasonic', 'Philips', 'Singer', 'Nova'],
            vars: { style: ['Blender 750W (3 in 1)@4650', 'Rice Cooker 2.8 L@3290', 'Electric Kettle 1.8 L@1450', 'Infrared Cooker 2000W@4290', 'Air Fryer 4.5 L@8990', 'Sandwich Maker@1990', 'Double Burner Gas Stove@5490', 'Curry Cooker 2.5 L@2850', 'Toaster 2 Slice@2490'] },
            price: [1200, 9000],
            units: PC,
            warranty: ['6 months', '1 year', '2 years'],
            origin: ['Bangladesh', 'China', 'India', 'Malaysia'],
            about: '{brand} {style} that makes daily cooking quicker.',
            features: ['Safety auto cut-off', '220V Bangladesh plug', 'Service centres across the country'],
          },
        ],
      },
      {
        name: 'Dinnerware and Serveware',
        name_bn: 'থালা-বাসন ও পরিবেশন সামগ্রী',
        icon: 'cup',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - White', ' - Floral', ' - Blue Rim', ' - Gold Rim', ' - Leaf Print'],
            brands: ['Shinepukur', 'Monno', 'RFL', 'Partex', 'Bengal', 'Artisan'],
            vars: { style: ['Bone China Dinner Set 32 pcs#1 set@8900', 'Melamine Dinner Set 42 pcs#1 set@4490', 'Ceramic Tea Cup Set 6 pcs#1 set@990', 'Glass Water Jug 1.5 L#1 pc@450', 'Stainless Steel Plate Set 6 pcs#1 set@1290', 'Serving Bowl Set 3 pcs#1 set@890', 'Clay Mug (মাটির মগ) Pair#2 pcs@350'] },
            price: [290, 12900],
            units: ['1 pc'],
            origin: BD,
            about: '{brand} {style} for family meals and guests.',
            features: ['Food-grade material', 'Dishwasher safe (except melamine in microwave)', 'Gift box packaging'],
          },
        ],
      },
      {
        name: 'Bedding and Linen',
        name_bn: 'বিছানাপত্র ও চাদর',
        icon: 'bed',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Aarong', 'Kay Kraft', 'Yellow', 'Akij Textile', 'Navana Foam', 'Hatil'],
            vars: { style: ['King Size Cotton Bed Sheet Set#1 set@2490', 'Double Bed Sheet with 2 Pillow Covers#1 set@1590', 'Fibre Pillow Pair#2 pcs@1190', 'Mosquito Net (মশারি) Double#1 pc@890', 'Nakshi Kantha (নকশি কাঁথা) Bedspread#1 pc@6900', 'Winter Comforter#1 pc@3490', 'Cotton Towel Set#1 set@990'] },
            price: [490, 9900],
            units: ['1 pc'],
            specs: { Material: ['100% Cotton', 'Cotton Blend', 'Microfibre'] },
            origin: BD,
            about: '{brand} {style} in {color}, soft and breathable for a good night\'s sleep.',
            features: ['Colour-fast', 'Machine washable', 'Fits standard Bangladeshi bed sizes'],
          },
        ],
      },
      {
        name: 'Home Decor',
        name_bn: 'ঘর সাজানোর সামগ্রী',
        icon: 'lamp',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Aarong', 'Kay Kraft', 'Hatil', 'Otobi', 'Jute Craft'],
            vars: { style: ['Jute Table Lamp@2490', 'Terracotta Wall Hanging@890', 'Bamboo Basket@490', 'Brass Showpiece@1990', 'Cushion Cover Set of 5#1 set@1290', 'Wall Clock@1490', 'Shital Pati (শীতল পাটি) Mat@2990', 'Photo Frame@590'] },
            price: [390, 6900],
            units: ['1 pc'],
            origin: BD,
            about: 'Handcrafted {style} from {brand} in {color} that brings deshi charm to any room.',
            features: ['Handmade by rural artisans', 'Each piece slightly unique', 'Wipe with a dry cloth'],
          },
        ],
      },
      {
        name: 'Storage and Organisation',
        name_bn: 'স্টোরেজ ও গোছানোর সামগ্রী',
        icon: 'box',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['RFL', 'Partex', 'Bengal', 'National Polymer', 'Navana'],
            vars: { style: ['Plastic Storage Box 30 L#1 pc@690', 'Airtight Food Container Set 5 pcs#1 set@890', '4-Step Plastic Drawer#1 pc@3490', 'Shoe Rack 5 Tier#1 pc@2490', 'Laundry Basket#1 pc@590', 'Water Bucket 20 L#1 pc@350', 'Kitchen Rack#1 pc@1290'] },
            price: [120, 4990],
            units: ['1 pc'],
            origin: BD,
            about: '{brand} {style} in {color} to keep home tidy.',
            features: ['Food-grade virgin plastic', 'Strong and long-lasting', 'Easy to wash'],
          },
        ],
      },
      {
        name: 'Cleaning Supplies',
        name_bn: 'পরিষ্কার-পরিচ্ছন্নতার সামগ্রী',
        icon: 'spray',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Lemon', ' - Lavender', ' - Floral', ' - Pine', ' - Jasmine', ' (Refill Pack)'],
            brands: ['Vim', 'Harpic', 'Lizol', 'Savlon', 'Wheel', 'Surf Excel', 'Rin', 'Chaka', 'Jet', 'Dettol'],
            models: {
              Vim: ['Dishwashing Liquid 500 ml@135', 'Dishwashing Bar 300 g@40'],
              Harpic: ['Toilet Cleaner 750 ml@210', 'Bathroom Cleaner 500 ml@160'],
              Lizol: ['Floor Cleaner Citrus 975 ml@330', 'Floor Cleaner Lavender 500 ml@190'],
              Savlon: ['Liquid Antiseptic 1 L@395', 'Hand Wash Refill 170 ml@85'],
              Wheel: ['Washing Powder 1 kg@150', 'Lemon Washing Powder 2 kg@280'],
              'Surf Excel': ['Detergent Powder 1 kg@260', 'Matic Liquid Detergent 1 L@490'],
              Rin: ['Washing Powder 1 kg@170', 'Power Bright Bar 130 g@30'],
              Chaka: ['Super White Washing Powder 1 kg@120', 'Ball Soap 130 g@25'],
              Jet: ['Detergent Powder 1 kg@110', 'Jet Dishwashing Liquid 500 ml@110'],
              Dettol: ['Liquid Antiseptic 500 ml@320', 'Hand Wash Original 200 ml@130', 'Disinfectant Spray 225 ml@450'],
            },
            price: [35, 650],
            units: ['1 pc', 'Pack of 2', 'Pack of 3'],
            origin: ['Bangladesh', 'India'],
            about: '{brand} {style} for a clean and germ-free home.',
            features: ['Kills 99.9% germs', 'Pleasant fragrance', 'Keep out of reach of children'],
          },
        ],
      },
      {
        name: 'Groceries and Spices',
        name_bn: 'মুদি পণ্য ও মসলা',
        icon: 'sack',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' (Family Pack)', ' (Poly Pack)', ' (Offer Pack)'],
            brands: ['Radhuni', 'Pran', 'ACI', 'Fresh', 'Teer', 'Bashundhara', 'Rupchanda', 'Ispahani', 'Kazi & Kazi', 'Aarong Dairy', 'Chashi'],
            models: {
              Radhuni: [
                'Turmeric Powder (হলুদ গুঁড়া)#200 g@95', 'Chilli Powder (মরিচ গুঁড়া)#200 g@110', 'Coriander Powder#200 g@80', 'Cumin Powder#100 g@120',
                'Garam Masala#40 g@70', 'Biryani Masala#40 g@65', 'Mustard Oil (সরিষার তেল)#1 L@330', 'Haleem Mix#200 g@90',
              ],
              Pran: ['Chanachur (চানাচুর)#300 g@95', 'Mango Pickle (আমের আচার)#400 g@180', 'Hot Tomato Sauce#340 g@135', 'Premium Ghee (ঘি)#400 g@720', 'Potato Crackers#25 g@20'],
              ACI: ['Pure Salt#1 kg@42', 'Pure Atta (আটা)#2 kg@130', 'Aroma Chinigura Rice#1 kg@165', 'Pure Chilli Powder#100 g@60'],
              Fresh: ['Soybean Oil#5 L@850', 'Atta (আটা)#2 kg@125', 'Refined Sugar#1 kg@140', 'Premium Tea#400 g@260'],
              Teer: ['Soybean Oil#2 L@350', 'Soybean Oil#5 L@860', 'Atta (আটা)#2 kg@125', 'Moida#2 kg@140', 'Sugar#1 kg@140'],
              Bashundhara: ['Atta (আটা)#2 kg@120', 'Suji#500 g@75', 'Instant Noodles Masala#8 packs@160'],
              Rupchanda: ['Soybean Oil#1 L@175', 'Soybean Oil#5 L@850', 'Chinigura Rice#1 kg@160'],
              Ispahani: ['Mirzapore Best Leaf Tea#400 g@240', 'Blender\'s Choice Tea#500 g@300', 'Red Lentil (মসুর ডাল)#1 kg@145'],
              'Kazi & Kazi': ['Organic Green Tea#50 bags@220', 'Organic Black Tea#200 g@210'],
              'Aarong Dairy': ['Pure Ghee (ঘি)#400 g@760', 'Butter#200 g@270', 'Sweet Curd (মিষ্টি দই)#500 g@150'],
              Chashi: ['Aromatic Chinigura Rice#2 kg@320', 'Miniket Rice#5 kg@420', 'Sundarban Honey (মধু)#500 g@480'],
            },
            price: [40, 900],
            units: ['1 pc'],
            specs: { 'Shelf Life': ['6 months', '9 months', '12 months', '18 months'] },
            origin: BD,
            about: '{brand} {item}: pure taste for everyday deshi cooking.',
            features: ['BSTI approved', 'Hygienically packed', 'Store in a cool, dry place'],
          },
        ],
      },
    ],
  },
  {
    name: 'Seasonal and Festive Items',
    name_bn: 'মৌসুমি ও উৎসবের পণ্য',
    icon: 'moon',
    hue: 45,
    subs: [
      {
        name: 'Eid Collection',
        name_bn: 'ঈদ কালেকশন',
        icon: 'moon',
        types: [
          {
            name: '{brand} Eid {style} - {color}',
            brands: ['Aarong', 'Yellow', 'Ecstasy', 'Infinity', 'Sailor', 'Le Reve', 'Richman'],
            vars: { style: ['Embroidered Panjabi@3490', 'Kabli Set@2990', 'Party Saree#1 pc@6490', 'Three Piece@4490', 'Kids Panjabi@1490', 'Sherwani@12900'] },
            price: [1490, 14900],
            units: SIZES,
            origin: BD,
            about: 'Eid special {style} from {brand} in {color} — ঈদ মোবারক!',
            features: ['Limited Eid collection', 'Premium fabric and embroidery', 'Gift wrap on request'],
          },
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Eid Special', ' (Family Pack)', ' (Gift Pack)'],
            brands: ['Pran', 'Bashundhara', 'Al Haramain', 'Aarong', 'Al Madina'],
            models: {
              Pran: ['Lachcha Semai (সেমাই)#200 g@55', 'Vermicelli#400 g@80', 'Laccha Shemai Premium#500 g@140'],
              Bashundhara: ['Lachcha Semai (সেমাই)#200 g@60', 'Vermicelli#200 g@45'],
              'Al Haramain': ['Attar Gift Box#1 box@1890', 'Amber Oud Attar#12 ml@2490'],
              Aarong: ['Prayer Mat (জায়নামাজ)#1 pc@1290', 'Tupi (Prayer Cap)#1 pc@250', 'Tasbih#1 pc@390'],
              'Al Madina': ['Ajwa Dates#1 kg@1890', 'Medjool Dates#1 kg@2400', 'Mariam Dates#500 g@850'],
            },
            price: [50, 2000],
            units: ['1 pc'],
            origin: ['Bangladesh', 'Saudi Arabia', 'UAE'],
            about: '{brand} {item} for Eid and Ramadan.',
            features: ['Festive essential', 'Quality assured', 'Delivered before Eid when ordered early'],
          },
        ],
      },
      {
        name: 'Pohela Boishakh',
        name_bn: 'পহেলা বৈশাখ',
        icon: 'flower',
        types: [
          {
            name: '{brand} Boishakhi {style} (বৈশাখী) - {color}',
            brands: ['Aarong', 'Kay Kraft', "Anjan's", 'Rang Bangladesh', 'Dorjibari', 'Yellow'],
            vars: { style: ['Red-White Saree#1 pc@2490', 'Printed Panjabi@1890', 'Couple Set#1 set@3990', 'Kids Frock@990', 'Fotua@890', 'Hand Fan (হাত পাখা)#1 pc@150'] },
            price: [290, 5490],
            units: ['1 pc', 'Size M', 'Size L', 'Size XL'],
            origin: BD,
            about: 'শুভ নববর্ষ! {style} in {color} for Pohela Boishakh celebrations.',
            features: ['Traditional red and white theme', 'Block and screen printed', 'Made in Bangladesh'],
          },
        ],
      },
      {
        name: 'Puja Festival',
        name_bn: 'পূজার কেনাকাটা',
        icon: 'diya',
        types: [
          {
            name: '{brand} Puja {style} - {color}',
            brands: ['Aarong', 'Kay Kraft', "Anjan's", 'Rang Bangladesh'],
            vars: { style: ['Lal Par Saree#1 pc@2990', 'Dhoti Panjabi Set#1 set@3490', 'Brass Diya Set (প্রদীপ)#1 set@890', 'Conch Shell (শঙ্খ)#1 pc@1290', 'Kasa Thala#1 pc@2490', 'Silk Saree#1 pc@7900'] },
            price: [390, 9900],
            units: ['1 pc'],
            origin: BD,
            about: 'Durga Puja {style} in {color}, traditional craft for the festival.',
            features: ['Traditional design', 'Handcrafted', 'Gift ready'],
          },
        ],
      },
      {
        name: 'Winter Wear',
        name_bn: 'শীতের পোশাক',
        icon: 'jacket',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Yellow', 'Ecstasy', 'Cats Eye', 'Aarong', 'Easy', 'Sailor', 'Richman'],
            vars: { style: ['Puffer Jacket@3990', 'Hoodie@1690', 'Knit Sweater@1490', 'Kashmiri Shawl#1 pc@2990', 'Fleece Jacket@2290', 'Woolen Muffler#1 pc@590', 'Denim Jacket@2990', 'Blanket (কম্বল)#1 pc@2490'] },
            price: [590, 7990],
            units: SIZES,
            specs: { Material: ['Acrylic Wool', 'Cotton Fleece', 'Polyester Padding', 'Pashmina Blend'] },
            about: '{brand} {style} in {color} to stay warm through the northern winter.',
            features: ['Warm and lightweight', 'Soft inner lining', 'Dry clean or gentle wash'],
          },
        ],
      },
      {
        name: 'Rain Gear',
        name_bn: 'বর্ষার ছাতা ও রেইনকোট',
        icon: 'umbrella',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Sharif', 'Atlas', 'Golden Duck', 'Rainbow'],
            vars: { style: ['3 Fold Umbrella@650', 'Long Umbrella@790', 'Raincoat with Hood@1290', 'Kids Umbrella@450', 'Waterproof Bag Cover@290'] },
            price: [290, 2490],
            units: PC,
            origin: ['Bangladesh', 'China'],
            about: '{brand} {style} in {color} for the monsoon.',
            features: ['Waterproof', 'Wind resistant frame', 'Compact to carry'],
          },
        ],
      },
      {
        name: 'Gifts and Hampers',
        name_bn: 'উপহার ও গিফট হ্যাম্পার',
        icon: 'gift',
        types: [
          {
            name: '{brand} {model}{edition}',
            editions: ['', ' - Eid Special', ' - Boishakh Edition', ' - Birthday Pack', ' - Wedding Gift', ' - Corporate Gift', ' (Large)', ' (Small)'],
            brands: ['Aarong', 'Kay Kraft', 'Pran', 'Bonoful', 'Premium Sweets', 'Well Food'],
            models: {
              Aarong: ['Festive Gift Hamper@3490', 'Handicraft Gift Set@2490', 'Nakshi Kantha (নকশি কাঁথা) Gift Box@4490'],
              'Kay Kraft': ['Handicraft Gift Set@2190', 'Terracotta Gift Box@1490'],
              Pran: ['Chocolate Gift Box@890', 'Tea and Cookies Hamper@1490'],
              Bonoful: ['Mishti Box (মিষ্টি)#1 kg@690', 'Roshogolla (রসগোল্লা)#1 kg@550'],
              'Premium Sweets': ['Kalojam (কালোজাম)#1 kg@720', 'Assorted Sweet Box#1 kg@850'],
              'Well Food': ['Dry Fruits Basket@2990', 'Celebration Cake 1 lb@650'],
            },
            price: [490, 7500],
            units: ['1 box'],
            origin: BD,
            about: '{brand} {style}: a thoughtful gift for family and friends.',
            features: ['Gift wrapped', 'Greeting card included', 'Same-day delivery in Dhaka'],
          },
        ],
      },
      {
        name: 'Lights and Decorations',
        name_bn: 'আলোকসজ্জা ও সাজসজ্জা',
        icon: 'lantern',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Walton', 'Super Star', 'Transtec', 'Philips', 'Osram', 'Kay Kraft'],
            vars: { style: ['LED Fairy Lights 10 m@390', 'Decorative Lantern@890', 'Rice Light Series@250', 'Paper Lantern (ফানুস)@120', 'LED Candle Set#1 set@590', 'Marigold Garland@150'] },
            price: [120, 2490],
            units: ['1 pc', 'Pack of 2', 'Pack of 3'],
            warranty: ['No warranty', '6 months', '1 year'],
            origin: ['Bangladesh', 'China'],
            about: '{brand} {style} in {color} for weddings, Eid, Puja and Christmas.',
            features: ['Energy efficient LEDs', 'Indoor and outdoor use', 'Plug in, 220V'],
          },
        ],
      },
    ],
  },
  {
    name: 'DIY and Home Improvement',
    name_bn: 'নিজে করুন ও ঘর মেরামত',
    icon: 'drill',
    hue: 100,
    subs: [
      {
        name: 'Power Tools',
        name_bn: 'পাওয়ার টুলস',
        icon: 'drill',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Bosch', 'Makita', 'DeWalt', 'Ingco', 'Total', 'Stanley', 'Black+Decker'],
            vars: { style: ['Impact Drill 13 mm 650W@4490', 'Cordless Drill Driver 12V@6490', 'Angle Grinder 4"@3990', 'Rotary Hammer 26 mm@11900', 'Jigsaw 650W@5990', 'Electric Blower@3490', 'Heat Gun 2000W@2990', 'Circular Saw 7"@8990'] },
            brandFactor: { Bosch: 1.4, Makita: 1.5, DeWalt: 1.6, 'Black+Decker': 1.2, Ingco: 0.75, Total: 0.75 },
            price: [2490, 24900],
            units: PC,
            warranty: ['6 months', '1 year'],
            origin: TOOL_ORIGIN,
            about: '{brand} {style} for home repairs and professional work.',
            features: ['Ergonomic soft grip', 'Overload protection', 'Official service warranty'],
          },
        ],
      },
      {
        name: 'Hand Tools',
        name_bn: 'হ্যান্ড টুলস',
        icon: 'hammer',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Heavy Duty', ' - Pro', ' - Insulated', ' - Chrome Vanadium'],
            brands: ['Stanley', 'Ingco', 'Total', 'Tolsen', 'Taparia'],
            vars: { style: ['Claw Hammer@590', 'Screwdriver Set 6 pcs#1 set@690', 'Adjustable Wrench 10"@790', 'Combination Plier 8"@550', 'Measuring Tape 5 m@350', 'Tool Kit 108 pcs#1 set@6900', 'Hacksaw Frame@450', 'Spirit Level 24"@890'] },
            brandFactor: { Stanley: 1.4, Taparia: 1.1, Ingco: 0.8, Total: 0.8 },
            price: [190, 6900],
            units: ['1 pc'],
            warranty: ['No warranty', '1 year'],
            origin: TOOL_ORIGIN,
            about: '{brand} {style}: hardened steel that lasts.',
            features: ['Drop-forged steel', 'Anti-slip handle', 'Rust resistant'],
          },
        ],
      },
      {
        name: 'Electrical and Lighting',
        name_bn: 'ইলেকট্রিক্যাল ও লাইটিং',
        icon: 'bulb',
        types: [
          {
            name: '{brand} {style}',
            brands: ['Super Star', 'Walton', 'BRB', 'Bizli', 'Transtec', 'Philips', 'Legrand'],
            vars: { style: ['LED Bulb 12W@220', 'LED Tube Light 20W@390', 'Multi Plug 4 Socket@650', 'Rechargeable Emergency Light@1490', '2 Gang Switch@180', 'House Wiring Cable 1.5 rm#90 m coil@3990', 'Circuit Breaker 32A@690', 'Ceiling Panel Light 18W@890'] },
            price: [90, 6500],
            units: ['1 pc', 'Pack of 2', 'Pack of 4'],
            warranty: ['No warranty', '1 year', '2 years'],
            origin: ['Bangladesh', 'China', 'India'],
            about: '{brand} {style}, safe and energy efficient.',
            features: ['BSTI standard', 'Energy saving', 'Fire retardant casing'],
          },
        ],
      },
      {
        name: 'Plumbing and Sanitary',
        name_bn: 'প্লাম্বিং ও স্যানিটারি',
        icon: 'tap',
        types: [
          {
            name: '{brand} {style}',
            brands: ['RFL', 'National Polymer', 'Partex', 'RAK', 'Stella', 'Sharif'],
            vars: { style: ['Basin Tap Chrome#1 pc@1490', 'Hand Shower Set#1 set@990', 'PVC Pipe 1" (10 ft)#1 pc@290', 'Water Tank 1000 L#1 pc@9900', 'Commode with Cistern#1 set@14900', 'Kitchen Sink Mixer#1 pc@3490', 'Floor Drain#1 pc@350'] },
            price: [190, 24900],
            units: ['1 pc'],
            warranty: ['No warranty', '1 year', '5 years'],
            origin: ['Bangladesh', 'China', 'UAE'],
            about: '{brand} {style}, leak-proof and built to last.',
            features: ['Rust-free material', 'Easy installation', 'BSTI approved'],
          },
        ],
      },
      {
        name: 'Paint and Supplies',
        name_bn: 'রং ও রঙের সরঞ্জাম',
        icon: 'roller',
        types: [
          {
            name: '{brand} {style} - {color}',
            brands: ['Berger', 'Asian Paints', 'Elite', 'Nippon', 'RAK Paints', 'Roxy'],
            vars: { style: ['Interior Emulsion#3.64 L@2650', 'Weathercoat Exterior#3.64 L@3950', 'Synthetic Enamel#1 L@590', 'Wall Putty#5 kg@690', 'Paint Roller 9"#1 pc@350', 'Paint Brush Set#1 set@290'] },
            price: [190, 6900],
            units: ['1 pc'],
            origin: BD,
            about: '{brand} {style} in {color} with smooth finish and easy cleaning.',
            features: ['Low VOC', 'Washable finish', 'Covers about 40 sq m per litre (paints)'],
          },
        ],
      },
      {
        name: 'Hardware and Fasteners',
        name_bn: 'হার্ডওয়্যার ও নাট-বল্টু',
        icon: 'bolt',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Steel', ' - Brass Finish', ' - Heavy Duty', ' - Golden'],
            brands: ['Ingco', 'Total', 'Stanley', 'RFL', 'Techno Kit'],
            vars: { style: ['Wall Plug and Screw Kit 200 pcs@390', 'Door Lock Cylinder@1290', 'Padlock 50 mm@450', 'Door Hinge Pair 4"@220', 'Tower Bolt 6"@180', 'Nut Bolt Assortment 150 pcs@590', 'Super Glue 3 g@40'] },
            price: [40, 2490],
            units: ['1 pc', 'Pack of 2'],
            origin: TOOL_ORIGIN,
            about: '{brand} {style} for everyday fixing around the house.',
            features: ['Zinc plated, rust resistant', 'Standard sizes', 'Value pack'],
          },
        ],
      },
      {
        name: 'Garden and Outdoor',
        name_bn: 'বাগান ও আউটডোর',
        icon: 'plant',
        types: [
          {
            name: '{brand} {style}{edition}',
            editions: ['', ' - Green', ' - Terracotta', ' (Large)', ' (Small)'],
            brands: ['RFL', 'ACI', 'Lal Teer', 'Bengal', 'Gardena'],
            vars: { style: ['Plastic Flower Tub 12"#1 pc@250', 'Vegetable Seed Pack (সবজি বীজ)#5 packets@150', 'Organic Fertiliser#1 kg@120', 'Garden Hose 15 m#1 pc@1290', 'Pruning Shear#1 pc@590', 'Watering Can 5 L#1 pc@450', 'Rooftop Garden Kit#1 set@2990'] },
            price: [60, 3490],
            units: ['1 pc'],
            origin: ['Bangladesh', 'China', 'Germany'],
            about: '{brand} {style} for balcony and rooftop gardens.',
            features: ['Suitable for Bangladesh climate', 'Durable', 'Easy to use'],
          },
        ],
      },
    ],
  },
];

/** A second sentence for descriptions, picked at random. */
export const DESCRIPTION_TAILS = [
  'Cash on delivery available all over Bangladesh.',
  'Delivered inside Dhaka within 48 hours.',
  '100% authentic product, sourced directly from the brand.',
  'Easy 7-day return if the item arrives damaged.',
  'Pay with bKash, Rocket, Nagad or cash on delivery.',
  'A customer favourite this season.',
  'Checked for quality before dispatch.',
];

/**
 * What a product's picture shows, from words in its name; the first rule that
 * matches wins, else the sub-category's icon. Sub-categories hold several
 * kinds ("Sunglasses and Accessories" sells belts, "Electrical and Lighting"
 * switches), and a picture that contradicts the name looks broken.
 */
const KIND_RULES: [RegExp, IconName][] = [
  // Names that would otherwise match a later, wrong rule.
  [/Bed Sheet/, 'bed'],
  [/Diaper/, 'diaper'],
  [/Laptop$/, 'laptop'],
  [/Fairy Lights|Rice Light/, 'fairylights'],
  [/Hand Fan/, 'handfan'],
  [/Cup\b|Mug\b/, 'cup'],
  [/Infrared Cooker|Gas Stove/, 'stove'],
  [/Cooker|Dekchi|Cookware Set/, 'pot'],
  [/Charger|Multi Plug/, 'plug'],
  [/Pen Drive|SSD|Hard Drive|Adapter/, 'drive'],
  [/Rotary Hammer|Drill|Grinder|Blower|Heat Gun/, 'drill'],
  [/Table Lamp|Showpiece/, 'lamp'],
  [/Gift (Set|Box|Hamper)|Hamper/, 'gift'],
  [/Wireless Combo|Keyboard/, 'keyboard'],
  [/Wall Putty|Emulsion|Weathercoat|Enamel/, 'paintcan'],
  // Clothing and accessories.
  [/Sunglasses/, 'glasses'],
  [/Belt(?! System)/, 'belt'],
  [/\bTie\b/, 'tie'],
  [/\bCap\b|Tupi/, 'cap'],
  [/Cufflinks|Tasbih/, 'beads'],
  [/Wallet|Card Holder/, 'wallet'],
  [/Bag Cover/, 'bag'],
  [/Watch|Smart Band|\bBand \d/, 'watch'],
  [/Raincoat|Hoodie|Jacket|Sweater|Sherwani/, 'jacket'],
  [/Panjabi|Kurti|Kameez|Three Piece|Kabli|Fotua|Couple Set/, 'kurta'],
  [/Jeans|Palazzo|Pants|Shorts/, 'trousers'],
  [/Frock|Dress\b/, 'dress'],
  [/Saree/, 'saree'],
  [/T-Shirt|Polo Shirt/, 'tshirt'],
  [/Comforter|Blanket|Shawl|Muffler|Lungi|Orna|Gamchha|Towel|Kantha Wrap|Dhoti/, 'cloth'],
  [/Pillow|Cushion/, 'pillow'],
  [/Prayer Mat|Pati/, 'mat'],
  [/Wipes/, 'diaper'],
  // Food and household goods.
  [/Biscuit|Cookies|Mishti|Sweet Box|Roshogolla|Kalojam|Semai|Vermicelli|Shemai|Dates|Noodles|Butter/, 'box'],
  [/Cerelac|Formula|NAN |Nido|Milk Powder|Rice Cereal|Ghee|Tea\b/, 'tin'],
  [/Juice|Liquid Milk/, 'carton'],
  [/Cake/, 'cake'],
  [/Doll/, 'doll'],
  [/Car\b|Truck|Tricycle|Walker|Stunt Set/, 'toycar'],
  [/Bricks|Police Station|Duplo|Board Game|Monopoly|Puzzle|UNO|Carrom|Cricket/, 'boardgame'],
  [/Khata|Notebook|Drawing Book|Sticky Notes/, 'book'],
  [/Calculator|Geometry Box|Stapler/, 'box'],
  [/Pen\b|Pencil|Highlighter|Crayons|Water Colour/, 'pencil'],
  [/Face Wash|Sunscreen|Toothpaste|BB Cream|Super Glue/, 'tube'],
  [/Nail Polish/, 'nailpolish'],
  [/Compact Powder/, 'compact'],
  [/Foundation|Serum|Lotion|Body Wash|Hand Wash|Shower Gel|Mouthwash|Hair Oil|Dishwashing Liquid|Cleaner|Antiseptic|Liquid Detergent|Oil\b|Sauce/, 'shampoo'],
  [/Body Spray|Deodorant|Shaving Foam|Disinfectant Spray/, 'spray'],
  [/Trimmer|Clipper/, 'razor'],
  [/Bar\b|Ball Soap/, 'soap'],
  [/Washing Powder|Detergent Powder|Salt|Atta\b|Sugar|Moida|Suji|Rice\b|Lentil|Chanachur|Crackers|Seed|Fertiliser/, 'sack'],
  [/Pickle|Honey|Curd|Powder|Masala|Mix\b|Jelly|Cream/, 'jar'],
  // Electronics and appliances.
  [/Mouse/, 'mouse'],
  [/Router|Mesh Wi-Fi/, 'router'],
  [/Monitor/, 'monitor'],
  [/Webcam|Camera/, 'camera'],
  [/Headphone|Headset|Earbuds|Neckband|Earphones/, 'headphones'],
  [/Speaker|Soundbar/, 'speaker'],
  [/Refrigerator|Freezer/, 'fridge'],
  [/\bAC\b/, 'ac'],
  [/Fan\b/, 'fan'],
  [/Washing Machine/, 'washer'],
  [/Microwave|Air Fryer|Toaster|Sandwich Maker|IPS|Stabilizer/, 'microwave'],
  [/Water Heater|Water Tank/, 'tank'],
  [/Power Bank/, 'powerbank'],
  [/Tempered Glass|Phone Holder/, 'phone'],
  [/Cable/, 'cable'],
  // Kitchen and home.
  [/Fry Pan|Karai|Tawa/, 'pan'],
  [/Kettle/, 'kettle'],
  [/Blender/, 'blender'],
  [/Dinner Set|Plate|Bowl|Thala/, 'plate'],
  [/Jug/, 'jug'],
  [/Wall Clock/, 'clock'],
  [/Photo Frame|Wall Hanging/, 'frame'],
  [/Basket/, 'basket'],
  [/Bucket/, 'bucket'],
  [/Drawer|Rack|Container|Storage Box|Tool Kit/, 'box'],
  [/Panel Light|Bulb|Tube Light/, 'bulb'],
  [/Emergency Light|Lantern/, 'lantern'],
  [/Switch|Circuit Breaker/, 'switch'],
  [/Candle/, 'candle'],
  [/Garland/, 'flower'],
  [/Diya/, 'diya'],
  [/Conch/, 'conch'],
  [/Attar|Perfume|Eau de|Roll-on|After Shave/, 'perfume'],
  // Tools and hardware.
  [/[Ss]aw\b/, 'saw'],
  [/Screwdriver/, 'screwdriver'],
  [/Wrench|Plier/, 'wrench'],
  [/Hammer/, 'hammer'],
  [/Padlock|Lock\b/, 'padlock'],
  [/Commode/, 'toilet'],
  [/Tap\b|Shower|Sink|Drain|Pipe/, 'tap'],
  [/Roller|Brush Set/, 'roller'],
  [/Watering Can/, 'wateringcan'],
];

export function kindIcon(productName: string, fallback: IconName): IconName {
  return KIND_RULES.find(([pattern]) => pattern.test(productName))?.[1] ?? fallback;
}
