import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('config', () => {
  it('uses defaults that make npm start work', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.demoAdmin).not.toBeNull();
  });

  it('stops on a bad PORT with one line naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT="70000"/);
  });

  it('takes the BulkSMSBD settings all together or not at all (none: the SMS outbox)', () => {
    const sms = { SMS_BASE_URL: 'https://sms.example.com/api', SMS_API_KEY: 'key', SMS_SENDER_ID: '8809617000000' };
    expect(loadConfig(sms)).toMatchObject(sms);
    expect(loadConfig({}).SMS_BASE_URL).toBeUndefined();
    expect(() => loadConfig({ SMS_API_KEY: 'key' })).toThrow(/^Invalid configuration: SMS_BASE_URL, SMS_API_KEY and SMS_SENDER_ID must be set together/);
    expect(() => loadConfig({ ...sms, SMS_BASE_URL: 'ftp://x' })).toThrow(/^Invalid configuration: SMS_BASE_URL="ftp:\/\/x"/);
  });

  it('names a bad DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production without a real secret and has no demo admin there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://shop.example.com' });
    expect(c.demoAdmin).toBeNull();
  });

  it('on PostgreSQL refuses the demo secret with one line naming JWT_SECRET', () => {
    const pg = { DATABASE_URL: 'postgres://shop@db.internal:5432/haat' };
    expect(() => loadConfig(pg)).toThrow(/^Invalid configuration: JWT_SECRET must be set on PostgreSQL/);
    expect(() => loadConfig({ ...pg, JWT_SECRET: 'haat-demo-secret-change-me-please-0123456789' })).toThrow(
      /^Invalid configuration: JWT_SECRET must not be the demo secret on PostgreSQL$/,
    );
    expect(loadConfig({ ...pg, JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET).toBe('x'.repeat(40));
    // The embedded databases keep working with no settings at all.
    expect(() => loadConfig({ DATABASE_URL: 'memory://' })).not.toThrow();
  });

  it('takes READ_DATABASE_URL, a postgres:// replica, only beside a PostgreSQL DATABASE_URL (decision 0072)', () => {
    const pg = { DATABASE_URL: 'postgres://shop@db.internal:5432/haat', JWT_SECRET: 'x'.repeat(40) };
    const replica = 'postgres://shop@replica.internal:5432/haat';
    expect(loadConfig({ ...pg, READ_DATABASE_URL: replica }).READ_DATABASE_URL).toBe(replica);
    expect(loadConfig(pg).READ_DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ ...pg, READ_DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid configuration: READ_DATABASE_URL="mysql:\/\/x" must be a postgres:\/\/ URL/);
    // The embedded database has no replica: refused, not quietly ignored.
    for (const embedded of [{}, { DATABASE_URL: 'memory://' }]) {
      expect(() => loadConfig({ ...embedded, READ_DATABASE_URL: replica })).toThrow(/^Invalid configuration: READ_DATABASE_URL needs DATABASE_URL to be a postgres:\/\/ URL/);
    }
  });

  it('on PostgreSQL seeds no demo shop or demo admin unless SEED_DEMO=1 is set', () => {
    const pg = { DATABASE_URL: 'postgresql://shop@db.internal/haat', JWT_SECRET: 'x'.repeat(40) };
    const plain = loadConfig(pg);
    expect(plain.SEED_DEMO).toBe(false);
    expect(plain.demoAdmin).toBeNull();
    const asked = loadConfig({ ...pg, SEED_DEMO: '1' });
    expect(asked.SEED_DEMO).toBe(true);
    expect(asked.demoAdmin).toEqual({ email: 'admin@haat.test', password: 'admin123' });
    expect(loadConfig({ SEED_DEMO: '0' }).demoAdmin).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or the addresses given', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

/** Pictures in an S3-compatible bucket (decision 0071; the bucket itself: picture-storage.test.ts). */
describe('S3 settings', () => {
  const s3All = { S3_BUCKET: 'shop-pictures', S3_REGION: 'ap-south-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

  it('none: pictures in DATA_DIR/uploads; all four: the bucket, with the endpoint, path style and public address when given', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(s3All).s3).toEqual({ bucket: 'shop-pictures', region: 'ap-south-1', endpoint: undefined, accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', forcePathStyle: false, publicUrl: undefined });
    expect(loadConfig({ ...s3All, S3_ENDPOINT: 'https://s3.example.com/', S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3).toMatchObject({
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com',
    });
  });

  it('half set stops start-up with one line naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-pictures' })).toThrow(
      /^Invalid configuration: S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too \(pictures in S3 need all of S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\)$/,
    );
    const { S3_SECRET_ACCESS_KEY: _, ...noSecret } = s3All;
    expect(() => loadConfig(noSecret)).toThrow(/^Invalid configuration: S3_SECRET_ACCESS_KEY must be set too/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/^Invalid configuration: S3_ENDPOINT is set but the bucket is not/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/^Invalid configuration: S3_PUBLIC_URL is set but the bucket is not/);
    // An empty value is not set, as for every setting.
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).s3).toBeNull();
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ ...s3All, S3_BUCKET: 'Shop_Pictures' })).toThrow(/^Invalid configuration: S3_BUCKET="Shop_Pictures" must be a bucket name/);
    expect(() => loadConfig({ ...s3All, S3_ENDPOINT: 'ftp://x' })).toThrow(/^Invalid configuration: S3_ENDPOINT="ftp:\/\/x" must be an http\(s\) URL/);
    expect(() => loadConfig({ ...s3All, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/^Invalid configuration: S3_FORCE_PATH_STYLE="maybe"/);
  });
});
