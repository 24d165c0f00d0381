/**
 * The deadlines of Bangladesh's Digital Commerce Operation Guidelines 2021 as
 * the shop's defaults (issue 27). They are summarised from press and law-firm
 * readings, not from the gazette's text, so no clause numbers are cited; the
 * owner can change each one in settings. Web and server both read them here.
 */
export const GUIDELINE_DEFAULTS = {
  /** A prepaid order is handed to the courier, and the buyer told, within this many hours of payment. */
  handoverHours: 48,
  /** Delivered within this many days of the order in the same city (Dhaka)… */
  deliveryDaysInsideDhaka: 5,
  /** …and elsewhere in the country. */
  deliveryDaysOutsideDhaka: 10,
  /** An item that cannot be supplied: the buyer is told within 48 hours and refunded within this many. */
  unsuppliedRefundHours: 72,
  /** A late delivery is refunded in full, by the channel paid with, within this many days. */
  lateDeliveryRefundDays: 10,
  /** A complaint is acted on within this many hours. */
  complaintHours: 72,
  /** A shopper may ask for a return or exchange within this many days of delivery (Daraz: 7). */
  returnWindowDays: 7,
} as const;
