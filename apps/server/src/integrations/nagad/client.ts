/**
 * A thin typed client of Nagad's payment gateway (NPG, X-KM-Api-Version v-0.2.0; decision 0128): initialize,
 * complete and verify. What the shop sends is signed and encrypted, what Nagad answers decrypted and its
 * signature checked, with Node's crypto: `sensitiveData` = base64(RSA PKCS#1 v1.5 with the other side's public
 * key, JSON), `signature` = base64(SHA256withRSA with the sender's private key, the same JSON). Every call goes
 * through the one provider transport (decision 0053); every failure is a ProviderError.
 */
import { constants, createPrivateKey, createPublicKey, createSign, createVerify, privateDecrypt, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';
import type { PaymentGatewayKind } from '../payment-gateway';

export const NAGAD_API_VERSION = 'v-0.2.0';
/** Nagad's code for taka (ISO 4217 numeric). */
export const NAGAD_CURRENCY = '050';

export interface NagadCredentials {
  /** e.g. https://api.mynagad.com/api/dfs (the paths below are under it). */
  baseUrl: string;
  merchantId: string;
  /** The merchant's private key (PEM, or the bare base64 Nagad's portal gives). */
  merchantPrivateKey: string;
  /** Nagad's public key (PEM or bare base64). */
  nagadPublicKey: string;
  timeoutMs: number;
  /** The clock, for the request's dateTime (Asia/Dhaka, yyyyMMddHHmmss). */
  now?: () => Date;
}

/** A key as PEM: Nagad's portal hands out bare base64. */
export function pemOf(key: string, type: 'PRIVATE' | 'PUBLIC'): string {
  const k = key.trim().replaceAll('\\n', '\n');
  return /-----BEGIN/.test(k) ? k : `-----BEGIN ${type} KEY-----\n${k}\n-----END ${type} KEY-----`;
}

/** RSA PKCS#1 v1.5 of the JSON with the receiver's public key, base64. */
export function sealFor(publicKey: KeyObject, value: unknown): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(JSON.stringify(value))).toString('base64');
}
/** The sealed JSON's text, with the receiver's private key. */
export function openWith(privateKey: KeyObject, sealed: string): string {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sealed, 'base64')).toString('utf8');
}
/** SHA256withRSA of the text, base64. */
export function signText(privateKey: KeyObject, text: string): string {
  return createSign('SHA256').update(text).sign(privateKey, 'base64');
}
export function verifyText(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('SHA256').update(text).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Nagad's dateTime: the wall clock in Dhaka (UTC+6, no daylight saving), yyyyMMddHHmmss. */
export function dhakaDateTime(at: Date): string {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

const sealedSchema = z.looseObject({ sensitiveData: z.string().min(1), signature: z.string().min(1) });
const initializedSchema = z.looseObject({ paymentReferenceId: z.string().min(1), challenge: z.string().min(1), acceptDateTime: z.string().optional() });
export type NagadInitialized = z.output<typeof initializedSchema>;
const completedSchema = z.looseObject({ callBackUrl: z.string().min(1), status: z.string() });
export type NagadCompleted = z.output<typeof completedSchema>;
/** GET /verify/payment/{paymentReferenceId}. */
const verifySchema = z.looseObject({
  merchantId: z.string().optional(),
  orderId: z.string().optional(),
  paymentRefId: z.string().optional(),
  amount: z.union([z.string(), z.number()]).optional(),
  clientMobileNo: z.string().nullish(),
  issuerPaymentRefNo: z.string().nullish(),
  status: z.string(),
  statusCode: z.string().optional(),
});
export type NagadVerification = z.output<typeof verifySchema>;

/** Nagad refuses with `{reason, message}` (and sometimes `devMessage`), in a 2xx or a 4xx. */
function nagadRefusal(json: unknown): { code: string; message: string } | null {
  const j = json as { reason?: unknown; message?: unknown; devMessage?: unknown };
  if (typeof j !== 'object' || j === null || (j.reason === undefined && j.devMessage === undefined)) return null;
  return { code: String(j.reason ?? ''), message: String(j.message ?? j.devMessage ?? 'Nagad refused the request') };
}

/** What a Nagad failure means, for the shop's error codes. */
export type NagadTrouble = 'unreachable' | 'auth' | 'refused';
export function nagadTrouble(err: ProviderError): NagadTrouble {
  if (err.kind === 'timeout' || err.kind === 'network' || err.kind === 'server' || err.kind === 'rate-limited') return 'unreachable';
  const reason = err.code || String((err.body as { reason?: unknown } | undefined)?.reason ?? '');
  if (/merchant|signature|decrypt|key/i.test(reason)) return 'auth';
  return 'refused';
}

/** Who the call is for: Nagad wants the shopper's IPv4 and the kind of client. */
export interface NagadClientInfo {
  ip: string;
}

/** The interface the payments module depends on. */
export interface NagadGateway {
  readonly kind: Extract<PaymentGatewayKind, 'nagad'>;
  /** initialize then complete: answers Nagad's paymentReferenceId and the page the shopper pays on. */
  start(input: { orderId: string; amount: number; callbackUrl: string; client: NagadClientInfo; info?: Record<string, string> }): Promise<{ paymentReferenceId: string; callBackUrl: string }>;
  verify(paymentReferenceId: string): Promise<NagadVerification>;
}

export class NagadClient implements NagadGateway {
  readonly kind = 'nagad' as const;
  private readonly merchantKey: KeyObject;
  private readonly nagadKey: KeyObject;
  constructor(private readonly creds: NagadCredentials) {
    this.merchantKey = createPrivateKey(pemOf(creds.merchantPrivateKey, 'PRIVATE'));
    this.nagadKey = createPublicKey(pemOf(creds.nagadPublicKey, 'PUBLIC'));
  }

  private headers(client?: NagadClientInfo): Record<string, string> {
    // Nagad wants an IPv4: a local or IPv6 caller is sent as the IPv4 it maps to, else 127.0.0.1.
    const ip = client?.ip.replace(/^::ffff:/, '') ?? '';
    return { 'X-KM-Api-Version': NAGAD_API_VERSION, 'X-KM-IP-V4': /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) ? ip : '127.0.0.1', 'X-KM-Client-Type': 'PC_WEB', 'X-KM-MC-Id': this.creds.merchantId };
  }

  private call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, body: unknown, retry: RetryPolicy, schema: S, client?: NagadClientInfo): Promise<z.output<S>> {
    return providerRequest({ provider: 'Nagad', method, url: `${this.creds.baseUrl}${path}`, headers: this.headers(client), body, timeoutMs: this.creds.timeoutMs, retry, schema, refusal: nagadRefusal });
  }

  private sealed(value: unknown): { sensitiveData: string; signature: string } {
    return { sensitiveData: sealFor(this.nagadKey, value), signature: signText(this.merchantKey, JSON.stringify(value)) };
  }

  /** Nagad's sealed answer, opened and its signature checked: a forged or garbled answer is a 'bad-answer'. */
  private opened<S extends z.ZodType>(answer: { sensitiveData: string; signature: string }, schema: S): z.output<S> {
    let text: string;
    try {
      text = openWith(this.merchantKey, answer.sensitiveData);
    } catch {
      throw new ProviderError('Nagad', 'bad-answer', 'Nagad’s answer could not be decrypted with the merchant key');
    }
    if (!verifyText(this.nagadKey, text, answer.signature)) throw new ProviderError('Nagad', 'bad-answer', 'Nagad’s answer is not signed by Nagad’s key');
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new ProviderError('Nagad', 'bad-answer', 'Nagad answered an unexpected shape');
    return parsed.data;
  }

  /** Never retried (either call): a second initialize or complete would be a second checkout for the order. */
  async start(input: { orderId: string; amount: number; callbackUrl: string; client: NagadClientInfo; info?: Record<string, string> }) {
    const { merchantId } = this.creds;
    const dateTime = dhakaDateTime((this.creds.now ?? (() => new Date()))());
    const challenge = randomBytes(20).toString('hex');
    const init = await this.call('POST', `/check-out/initialize/${encodeURIComponent(merchantId)}/${encodeURIComponent(input.orderId)}`, { dateTime, ...this.sealed({ merchantId, datetime: dateTime, orderId: input.orderId, challenge }) }, 'never', sealedSchema, input.client);
    const initialized = this.opened(init, initializedSchema);
    const body = {
      ...this.sealed({ merchantId, orderId: input.orderId, currencyCode: NAGAD_CURRENCY, amount: input.amount.toFixed(2), challenge: initialized.challenge }),
      merchantCallbackURL: input.callbackUrl,
      additionalMerchantInfo: input.info ?? {},
    };
    const completed = await this.call('POST', `/check-out/complete/${encodeURIComponent(initialized.paymentReferenceId)}`, body, 'never', completedSchema, input.client);
    if (completed.status !== 'Success') throw new ProviderError('Nagad', 'refused', `Nagad did not open the payment (${completed.status})`, 200, completed, completed.status);
    return { paymentReferenceId: initialized.paymentReferenceId, callBackUrl: completed.callBackUrl };
  }

  async verify(paymentReferenceId: string): Promise<NagadVerification> {
    return this.call('GET', `/verify/payment/${encodeURIComponent(paymentReferenceId)}`, undefined, 'idempotent', verifySchema);
  }
}

/** "2450.00" or 2450 → 2450; anything that is not whole taka → NaN (never equal to an order total). */
export function nagadTakaOf(amount: unknown): number {
  const n = Number(amount);
  return (typeof amount === 'string' ? /^\d+(\.\d{1,2})?$/.test(amount) : typeof amount === 'number') && Number.isInteger(n) ? n : Number.NaN;
}
