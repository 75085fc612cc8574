import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'qv-config-'));

describe('loadConfig', () => {
  it('runs with no variables at all, in sandbox mode on the embedded database', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      isHttps: false,
      providerMode: 'sandbox',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.paystack.secretKey).toBe('sk_test_sandbox');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('generates the secrets once and keeps them in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.pinPepper).toBe(first.pinPepper);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({
      authSecret: first.authSecret,
      pinPepper: first.pinPepper,
    });
  });

  it('has no support contacts unless configured, and builds the WhatsApp link from the number', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).support).toEqual({
      phone: null,
      email: null,
      whatsappUrl: null,
      links: [],
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SUPPORT_PHONE: '0801 234 5678',
      SUPPORT_EMAIL: 'help@quickvend.ng',
      SUPPORT_WHATSAPP: '0801 234 5678',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.com/quickvend',
      SOCIAL_GITHUB_URL: '',
    });
    expect(config.support).toEqual({
      phone: '0801 234 5678',
      email: 'help@quickvend.ng',
      whatsappUrl: 'https://wa.me/2348012345678',
      links: [{ name: 'Instagram', url: 'https://instagram.com/quickvend' }],
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), SUPPORT_WHATSAPP: '+234 801 234 5678' }).support.whatsappUrl,
    ).toBe('https://wa.me/2348012345678');
  });

  it('derives APP_URL from PORT and honours an explicit one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    const https = loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://pay.example.ng/' });
    expect(https.appUrl).toBe('https://pay.example.ng');
    expect(https.isHttps).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['PROVIDER_MODE', 'production'],
    ['SMTP_URL', 'http://mail'],
    ['AUTH_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_RATE_LIMIT', '0'],
    ['FUNDING_MIN_AMOUNT', '1.005'],
    ['SUPPORT_PHONE', 'call us'],
    ['SUPPORT_EMAIL', 'support at quickvend'],
    ['SUPPORT_WHATSAPP', 'https://wa.me/1'],
    ['SOCIAL_FACEBOOK_URL', 'http://facebook.com/quickvend'],
    ['MANUAL_DEPOSIT_ACCOUNT_NUMBER', '01234'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('takes the manual deposit account whole or not at all', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).depositAccount).toBeNull();
    const account = {
      MANUAL_DEPOSIT_BANK: 'Wema Bank',
      MANUAL_DEPOSIT_ACCOUNT_NAME: 'QuickVend Ltd',
      MANUAL_DEPOSIT_ACCOUNT_NUMBER: '0123456789',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...account }).depositAccount).toEqual({
      bankName: 'Wema Bank',
      accountName: 'QuickVend Ltd',
      accountNumber: '0123456789',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...account, MANUAL_DEPOSIT_ACCOUNT_NAME: '' })).toThrow(
      /manual deposit account.*MANUAL_DEPOSIT_ACCOUNT_NAME/,
    );
  });

  it('sends text messages through Termii only when configured, and refuses half a configuration', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toBeNull();
    const termii = {
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: 'TLlivekey0123456789',
      TERMII_SENDER_ID: 'QuickVend',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...termii }).sms).toEqual({
      provider: 'termii',
      baseUrl: 'https://api.ng.termii.com',
      apiKey: 'TLlivekey0123456789',
      senderId: 'QuickVend',
      channel: 'dnd',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        ...termii,
        TERMII_BASE_URL: 'https://v3.api.termii.com/',
        TERMII_CHANNEL: 'generic',
      }).sms,
    ).toMatchObject({ baseUrl: 'https://v3.api.termii.com', channel: 'generic' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...termii, TERMII_SENDER_ID: '' })).toThrow(
      'SMS_PROVIDER=termii needs: TERMII_SENDER_ID',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TERMII_API_KEY: 'TLlivekey0123456789' })).toThrow(
      /SMS_PROVIDER is not: set SMS_PROVIDER=termii/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...termii, TERMII_SENDER_ID: 'Quick-Vend!' })).toThrow(
      /TERMII_SENDER_ID: must be the approved sender ID/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ...termii, TERMII_BASE_URL: 'http://termii.local' }),
    ).toThrow(/TERMII_BASE_URL: must be an https:\/\/ address/);
  });

  const postgresEnv = {
    DATABASE_URL: 'postgres://quickvend@db.internal/quickvend',
    AUTH_SECRET: 'a'.repeat(32),
    PIN_PEPPER: 'p'.repeat(32),
  };

  it('on PostgreSQL takes the secrets from the environment only: without them it refuses and writes nothing', () => {
    const dir = dataDir();
    const { DATABASE_URL } = postgresEnv;
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL })).toThrow(
      /^DATABASE_URL is set, so AUTH_SECRET and PIN_PEPPER must be set too, to the same values in every process on the database \(make one with: openssl rand -hex 32\)$/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL, AUTH_SECRET: 'a'.repeat(32) })).toThrow(
      /^DATABASE_URL is set, so PIN_PEPPER must be set too/,
    );
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    const config = loadConfig({ DATA_DIR: dir, ...postgresEnv });
    expect(config).toMatchObject({ authSecret: 'a'.repeat(32), pinPepper: 'p'.repeat(32) });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('on PostgreSQL points to the secrets an earlier start generated, without using them', () => {
    const dir = dataDir();
    const generated = loadConfig({ DATA_DIR: dir });
    const refusal = () => loadConfig({ DATA_DIR: dir, DATABASE_URL: postgresEnv.DATABASE_URL });
    expect(refusal).toThrow(ConfigError);
    expect(refusal).toThrow(`; those an earlier start generated are in ${path.join(dir, 'secrets.json')}`);
    expect(refusal).not.toThrow(generated.authSecret);
  });

  it('bounds the query pool on PostgreSQL with DATABASE_POOL_SIZE', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePoolSize).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(20);
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...postgresEnv, DATABASE_POOL_SIZE: '8' }).databasePoolSize,
    ).toBe(8);
    for (const wrong of ['1', '0', '2.5', 'ten', '501']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: wrong }), wrong).toThrow(
        /DATABASE_POOL_SIZE: must be a whole number from 2 to 500$/,
      );
    }
  });

  it('caps the live event streams of a process with MAX_EVENT_STREAMS', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).maxEventStreams).toBe(2_000);
    expect(loadConfig({ DATA_DIR: dataDir(), MAX_EVENT_STREAMS: '50' }).maxEventStreams).toBe(50);
    for (const wrong of ['0', '2.5', 'many', '100001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAX_EVENT_STREAMS: wrong }), wrong).toThrow(
        /MAX_EVENT_STREAMS: must be a whole number from 1 to 100000$/,
      );
    }
  });

  it('runs every role in one process unless ROLE says otherwise, and splits roles only on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).role).toBe('all');
    expect(() => loadConfig({ DATA_DIR: dataDir(), ROLE: 'jobs' })).toThrow(
      /ROLE: must be all, web or worker/,
    );
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ROLE: role })).toThrow(
        new RegExp(`^ROLE=${role} needs DATABASE_URL: the embedded database serves one process`),
      );
      const config = loadConfig({ DATA_DIR: dataDir(), ROLE: role, ...postgresEnv });
      expect(config.role).toBe(role);
    }
  });

  it('refuses live mode without the vendor keys and secrets, naming each', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROVIDER_MODE: 'live', VTPASS_API_KEY: 'k' })).toThrow(
      /PAYSTACK_SECRET_KEY.*AUTH_SECRET.*PIN_PEPPER/s,
    );
  });

  const liveEnv = {
    PROVIDER_MODE: 'live',
    VTPASS_API_KEY: 'k',
    VTPASS_PUBLIC_KEY: 'PK_live',
    VTPASS_SECRET_KEY: 'SK_live',
    PAYSTACK_PUBLIC_KEY: 'pk_live_x',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
    AUTH_SECRET: 'a'.repeat(32),
    PIN_PEPPER: 'p'.repeat(32),
    APP_URL: 'https://quickvend.example',
  };

  it('refuses live mode without real mail, naming SMTP_URL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...liveEnv })).toThrow(
      /needs these variables set: SMTP_URL$/,
    );
    const config = loadConfig({ DATA_DIR: dataDir(), ...liveEnv, SMTP_URL: 'smtps://mail.example:465' });
    expect(config.smtpUrl).toBe('smtps://mail.example:465');
  });

  it('sends live mode to the vendors themselves, never to the sandbox simulators', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...liveEnv, SMTP_URL: 'smtp://mail.example' });
    expect(config.vtpass.baseUrl).toBe('https://api-service.vtpass.com/api');
    expect(config.paystack.baseUrl).toBe('https://api.paystack.co');
    expect(loadConfig({ DATA_DIR: dataDir() }).vtpass.baseUrl).toBeUndefined();
  });

  it.each([
    [undefined, undefined],
    ['false', undefined],
    ['0', undefined],
    ['1', { hops: 1 }],
    ['10.0.0.0/8, 192.168.1.4,::1', { addresses: ['10.0.0.0/8', '192.168.1.4', '::1'] }],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', '10.0.0.0/33', 'proxy.example', '1.2.3'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });

  it('serves metrics only with a METRICS_TOKEN, which must be long and have no spaces', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'scrape-7f3a9c1e5b2d8f4a6c0e9b7d5f3a1c8e';
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: ` ${token}\n` }).metricsToken).toBe(token);
    for (const wrong of ['short-token', `${token.slice(0, 20)} ${token.slice(20)}`]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: wrong })).toThrow(
        'METRICS_TOKEN: must be at least 32 characters, with no spaces',
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
