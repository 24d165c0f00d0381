/**
 * The Meta Pixel's and gtag's origins the CSP allows (issue 45, decision 0119): only while the owner has set that
 * platform's id. Kept in memory per app, set from the settings at start and on each save (and read again every
 * minute, for the other processes of a deployment), and read by the CSP of every answer.
 */
const META = { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] };
const GOOGLE = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
};

export class AdOrigins {
  private meta = false;
  private google = false;

  /** What the owner set: a Pixel id, a GA4 measurement id ('' = off). */
  set(ids: { meta_pixel_id: string; ga_measurement_id: string }): void {
    this.meta = ids.meta_pixel_id !== '';
    this.google = ids.ga_measurement_id !== '';
  }

  /** A directive's extra sources, space-separated ('' when the owner set neither). */
  sources(kind: 'script' | 'connect' | 'img'): string {
    return [...(this.meta ? META[kind] : []), ...(this.google ? GOOGLE[kind] : [])].join(' ');
  }
}
