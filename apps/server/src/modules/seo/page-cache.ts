import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import { LANG_COOKIE } from '@haat/shared/language-cookie';
import type { CatalogueCache } from '../catalogue/index';

/**
 * A guest's server-rendered page, rendered once and kept in this process (issue 40, decision 0090). A page
 * is the same for every shopper in a language (the server renders as a guest; a signed-in shopper's name and
 * cart come from the API after it, decision 0078), so it is kept by URL, language and site, and is only as
 * old as the catalogue answers it was built from:
 *
 * - an owner's edit (a price, a name, a publish: a change of the catalogue as a whole) is seen at once: a
 *   page built before it is checked again before it is answered;
 * - the page's head (a product's name, price and availability) is read from the catalogue cache on every
 *   request, and a page whose head moved is rendered again before it is answered;
 * - everything else the page read (stock figures, listings, the shop's facts) is read again from the API in
 *   the background once the page is `freshMs / 2` old, and before it is answered past `freshMs`: a page is
 *   rendered again only when one of those answers changed, one render per page at a time.
 */

/** One API answer a render read: read again (in-process, mostly from the catalogue cache) to check a page. */
export interface PageRead {
  url: string;
  headers: Record<string, string>;
  digest: string;
}

/** A page's markup and what its render read. */
export interface RenderedPage {
  html: string;
  reads: PageRead[];
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  etag: string;
  /** 'hit' from memory, 'miss' rendered for this request. */
  state: 'hit' | 'miss';
  body(encoding: Encoding): Promise<Buffer>;
}

interface Entry {
  etag: string;
  head: string;
  generation: number;
  reads: PageRead[];
  /** When what the page shows was last known current (performance.now() when its check or render began). */
  checkedAt: number;
  br: Buffer;
  gzip?: Promise<Buffer>;
  bytes: number;
  /** In the map (its bytes counted). */
  kept: boolean;
}

/** Markup kept, compressed: ~6,000 product pages (8 KB of brotli each). */
const DEFAULT_MAX_BYTES = 48 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/** A page's markup as brotli: quality 5 (a few milliseconds for the home page's ~200 KB), text mode. */
export const brotliPage = (html: string | Buffer) => brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });

/** A digest of an answer: two reads of the same answer match. */
export const answerDigest = (status: number, payload: string) => createHash('sha1').update(`${status}\n${payload}`).digest('base64url');

/**
 * A request that may carry something personal: an Authorization header, or any cookie but the language
 * toggle's (the shop sets no other; one it does not know about could be a session of a proxy or a future
 * sign-in). Its page is rendered for it alone and never kept.
 */
export function isPersonal(headers: { authorization?: string; cookie?: string }): boolean {
  if (headers.authorization) return true;
  return (headers.cookie ?? '').split(';').some((part) => {
    const name = part.split('=')[0]!.trim();
    return name !== '' && name !== LANG_COOKIE;
  });
}

export class PageCache {
  private entries = new Map<string, Entry>();
  /** The check or render under way per page, with the generation and head it began with. */
  private pending = new Map<string, { work: Promise<Entry | null>; generation: number; head: string }>();
  private bytes = 0;

  constructor(
    private readonly catalogue: CatalogueCache,
    /** Reads an answer again, as the render read it: its digest. */
    private readonly reread: (read: PageRead) => Promise<string>,
    /** How old a page's stock figures may be (CATALOGUE_STOCK_GRACE_MS): checked past half of it. */
    private readonly freshMs: number,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /**
   * The page at key whose head is `head`: from memory when current, else rendered (once for every request
   * asking meanwhile). Null when it cannot be kept (no LISTEN connection, or the render failed): the caller
   * sends what it has.
   */
  async page(key: string, head: string, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    const generation = await this.catalogue.generationNow();
    if (generation === null) return null;
    const hit = this.entries.get(key);
    let entry: Entry | null;
    let state: CachedPage['state'] = 'hit';
    if (hit && hit.head === head && hit.generation === generation) {
      const age = performance.now() - hit.checkedAt;
      if (age >= this.freshMs) entry = await this.refresh(key, hit, generation, head, render);
      else {
        // Past half the window, checked in the background: readers seldom wait (one check per page at a time).
        if (age >= this.freshMs / 2 && !this.pending.has(key)) this.refresh(key, hit, generation, head, render).catch(() => {});
        entry = hit;
      }
    } else if (hit && hit.head === head) {
      // The catalogue changed as a whole since: this page may show what changed, so it is checked first.
      entry = await this.refresh(key, hit, generation, head, render);
    } else {
      state = 'miss';
      entry = await (this.joinable(key, generation, head) ?? this.track(key, generation, head, this.renderEntry(key, generation, head, render)));
    }
    if (!entry) return null;
    this.touch(key, entry);
    return { etag: entry.etag, state, body: (encoding) => this.body(entry, encoding) };
  }

  /** Checks a kept page against what it read: kept when every answer is the same, else rendered again. */
  private refresh(key: string, entry: Entry, generation: number, head: string, render: () => Promise<RenderedPage | null>): Promise<Entry | null> {
    const joined = this.joinable(key, generation, head);
    if (joined) return joined;
    const began = performance.now();
    const checked = Promise.all(entry.reads.map(async (read) => (await this.reread(read)) === read.digest)).then((same) => {
      if (!same.every(Boolean)) return this.renderEntry(key, generation, head, render);
      // A later render may have replaced the entry meanwhile: only this one is marked current.
      entry.checkedAt = Math.max(entry.checkedAt, began);
      entry.generation = generation;
      return entry;
    });
    return this.track(key, generation, head, checked);
  }

  private async renderEntry(key: string, generation: number, head: string, render: () => Promise<RenderedPage | null>): Promise<Entry | null> {
    const began = performance.now();
    const page = await render();
    if (!page) {
      this.remove(key);
      return null;
    }
    const br = await brotliPage(page.html);
    const etag = `W/"${createHash('sha1').update(page.html).digest('base64url')}"`;
    const entry: Entry = { etag, head, generation, reads: page.reads, checkedAt: began, br, bytes: br.length + key.length + head.length, kept: false };
    this.store(key, entry);
    return entry;
  }

  /**
   * The work under way for key, if a request may wait for it: begun at this generation and head. One begun
   * before an owner's edit arrived may answer what the edit changed, so a request after it starts its own.
   */
  private joinable(key: string, generation: number, head: string): Promise<Entry | null> | undefined {
    const under = this.pending.get(key);
    return under && under.generation === generation && under.head === head ? under.work : undefined;
  }

  private track(key: string, generation: number, head: string, work: Promise<Entry | null>): Promise<Entry | null> {
    this.pending.set(key, { work, generation, head });
    const forget = () => {
      if (this.pending.get(key)?.work === work) this.pending.delete(key);
    };
    work.then(forget, forget);
    return work;
  }

  /** The page's bytes in an encoding: brotli as kept; gzip made once when first asked; plain made each time (rare). */
  private async body(entry: Entry, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'br') return entry.br;
    const html = await unbrotli(entry.br);
    if (encoding === 'identity') return html;
    if (!entry.gzip) {
      entry.gzip = gzipAsync(html);
      const size = (await entry.gzip).length;
      entry.bytes += size;
      if (entry.kept) this.bytes += size;
    }
    return entry.gzip;
  }

  private touch(key: string, entry: Entry): void {
    // Least recently used goes first: re-insert to move it to the end.
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    entry.kept = true;
    this.bytes += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.kept = false;
    this.bytes -= entry.bytes;
  }
}
