import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { lagosDateOf } from '@quickvend/shared/periods';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import type { Clock } from '../../lib/clock.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Profiles } from './profile.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

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
  route(app, contract.profile.export, async (request, reply) => {
    const pieces = await deps.profiles.exportData(signedInUser(request).id, currentSessionId(request));
    const file = `${PRODUCT_NAME.toLowerCase()}-my-data-${lagosDateOf(deps.clock.now())}.json`;
    return (
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        // the document streamed as it is read: the schema describes it, the serializer never sees it
        .send(Readable.from(reportingCutOff(pieces, request.log), { objectMode: false }) as never)
    );
  });
}
