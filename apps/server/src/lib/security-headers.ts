import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AdOrigins } from './ad-origins';

/**
 * Security headers for every answer: pages, API, uploads, 404s (issue 8, item 2).
 * The built SPA (vite) loads one module script and one stylesheet from /assets/,
 * with no inline script, so scripts come from 'self' only. `pictureOrigin` is the
 * origin /uploads/* redirects to when S3_PUBLIC_URL is set (decision 0071).
 */
export function securityHeaders(isProduction: boolean, pictureOrigin?: string, ads?: AdOrigins): FastifyHelmetOptions {
  // The Pixel's and gtag's origins only while the owner has set their ids (decision 0119); none by default.
  // One function per directive, so a directive without ad origins reads exactly as before (no trailing space).
  const withAds = (kind: 'script' | 'connect' | 'img', fixed: string[]) => (ads ? [() => [...fixed, ads.sources(kind)].filter(Boolean).join(' ')] : fixed);
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: withAds('script', ["'self'"]),
        // react-hot-toast styles its toasts through goober, which writes a <style> element at run time;
        // without 'unsafe-inline' toasts lose their layout. Style injection cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the admin image and avatar previews (URL.createObjectURL); data: for inline SVG/data URLs.
        imgSrc: withAds('img', ["'self'", 'data:', 'blob:', ...(pictureOrigin ? [pictureOrigin] : [])]),
        fontSrc: ["'self'", 'data:'],
        connectSrc: withAds('connect', ["'self'"]),
        // The service worker (/sw.js, which imports /workbox-*.js) and the web app manifest (issue 14).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on plain-HTTP development it would break every request.
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    // Old browsers that ignore frame-ancestors.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS pins the host to HTTPS for a year: only in production, which runs behind TLS.
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Product pictures may be shown by other sites of the same owner (same-site), not hot-linked across the web.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // X-Content-Type-Options: nosniff and the removal of X-Powered-By are helmet's defaults (helmet refuses `true`).
  };
}
