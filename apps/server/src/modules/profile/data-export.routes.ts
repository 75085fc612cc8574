import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { dataExport } from '@quickvend/shared/api/profile';
import { lagosDateOf } from '@quickvend/shared/periods';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import type { Clock } from '../../lib/clock.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Profiles } from './profile.service.ts';

/**
 * A document cut off midway is logged; the connection then ends without its last chunk, so the browser reports
 * a failed download instead of saving part of a file as the whole.
 */
async function* reportingCutOff(pieces: AsyncGenerator<string>, log: FastifyBaseLogger) {
  try {
    yield* pieces;
  } catch (error) {
    log.error({ err: error }, 'the data export stopped midway: the customer was sent an unfinished file');
    throw error;
  }
}

/** "Download my data": the signed-in customer's own document (the `dataExport` shape), sent as it is read. */
export function registerDataExportRoute(
  app: FastifyInstance,
  deps: { profiles: Pick<Profiles, 'exportData'>; clock: Clock },
): void {
  // the schema names the document for the contract; a stream is sent as it is, never through the serializer
  const route = { config: { access: 'user' as const }, schema: { response: { 200: dataExport } } };
  app.get('/api/v1/profile/export', route, async (request, reply) => {
    const pieces = await deps.profiles.exportData(signedInUser(request).id, currentSessionId(request));
    const file = `${PRODUCT_NAME.toLowerCase()}-my-data-${lagosDateOf(deps.clock.now())}.json`;
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(reportingCutOff(pieces, request.log), { objectMode: false }));
  });
}
