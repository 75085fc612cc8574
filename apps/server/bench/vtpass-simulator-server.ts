// The provider simulator alone, in its own process: the purchase benchmark measures our server, not VTpass.
import Fastify from 'fastify';
import { registerVtpassSimulator } from '../src/providers/simulators/vtpass/vtpass-simulator.ts';

const [port = '0', callbackUrl = 'http://127.0.0.1:1/webhooks/vtpass'] = process.argv.slice(2);
const app = Fastify();
registerVtpassSimulator(app, {
  prefix: '/api',
  apiKey: 'sandbox-api-key',
  publicKey: 'PK_sandbox',
  secretKey: 'SK_sandbox',
  callbackUrl,
  duplicateWindowMs: 0,
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
