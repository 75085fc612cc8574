// TODO(#10): the server's mails import `formatLagosTimestamp` from `./format.ts`, then this file goes.
export { formatLagosTimestamp } from './format.ts';
