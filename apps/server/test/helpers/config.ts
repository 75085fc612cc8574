import { kobo } from '@quickvend/shared/money';
import type { AppDeps } from '../../src/app.ts';

export const TEST_APP_URL = 'http://localhost:3000';

/** The sandbox settings every test app starts from. */
export const testConfig: AppDeps['config'] = {
  appUrl: TEST_APP_URL,
  isHttps: false,
  authSecret: 'test-secret-test-secret-test-secret-0123',
  smtpUrl: undefined,
  mailFrom: 'test@example.com',
  providerMode: 'sandbox',
  paystack: { baseUrl: undefined, publicKey: 'pk_test_sandbox', secretKey: 'sk_test_sandbox' },
  minFundingKobo: kobo(10_000),
  vtpass: {
    baseUrl: undefined,
    apiKey: 'sandbox-api-key',
    publicKey: 'PK_sandbox',
    secretKey: 'SK_sandbox',
  },
  pinPepper: 'test-pepper-test-pepper-test-pepper-0123',
  purchaseRecheckAfterSeconds: 60,
};
