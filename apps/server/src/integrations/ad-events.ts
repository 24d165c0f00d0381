/**
 * The ad and analytics platforms' interfaces (issue 45, decision 0119): what the ads module sends with. Each is a
 * thin typed client of our own (meta-capi/, ga4-mp/) over the one transport (http.ts), tested against a local fake.
 */

/** Meta's user_data: ph and em are SHA-256 hex of the normalised values (lib's hashing, decision 0119). */
export interface MetaUserData {
  ph?: string[];
  em?: string[];
  client_ip_address?: string;
  client_user_agent?: string;
  fbp?: string;
  fbc?: string;
}

/** One server event of the Conversions API, as Meta documents its fields. */
export interface MetaServerEvent {
  event_name: 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase';
  /** Seconds since the epoch. */
  event_time: number;
  /** The same id the Pixel sends as eventID: Meta keeps one of the two. */
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: MetaUserData;
  custom_data: {
    currency: 'BDT';
    value: number;
    content_ids: string[];
    contents: { id: string; quantity: number; item_price: number }[];
    content_type: 'product';
  };
}

/** The Conversions API: POST /{version}/{pixel_id}/events. */
export interface MetaConversions {
  send(pixelId: string, accessToken: string, events: MetaServerEvent[]): Promise<{ events_received: number }>;
}

/** One GA4 e-commerce event as the Measurement Protocol takes it. */
export interface Ga4Event {
  name: 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase';
  params: {
    currency: 'BDT';
    value: number;
    transaction_id?: string;
    items: { item_id: string; item_name: string; price: number; quantity: number }[];
  };
}

/** The Measurement Protocol: POST /mp/collect?measurement_id=…&api_secret=…. */
export interface Ga4Collector {
  send(measurementId: string, apiSecret: string, body: { client_id: string; events: Ga4Event[] }): Promise<void>;
}
