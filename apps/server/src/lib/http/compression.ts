import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Text worth compressing; never `text/event-stream`, whose events must leave at once. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|manifest\+json)|image\/svg\+xml)/;

/**
 * Answers of 1 KB or more go out with brotli or gzip when the client accepts them. Files the build already
 * compressed are sent as they are (the web app's static files); request bodies are never inflated.
 * Must run before any route is added: it attaches itself to each route as it is registered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
