import pino, { type DestinationStream, type Logger } from 'pino';

/** What a secret is replaced with in the logs. */
export const REDACTED = '[Redacted]';

// query parameters whose value is a secret wherever they appear (`?token=`, `?invite=`, `?api_key=`)
const SECRET_QUERY_NAME = /token|invite|code|key|secret|signature|password|^pin$|^otp$/i;
// route parameters that carry a secret (`/api/v1/admin/invitations/:token`); not a setting's `:key` or an `:id`
const SECRET_PARAM_NAME = /token|invite|secret|signature|password/i;
// the web app's pages opened from a mailed link, in any letter case and alias: all of their query is the secret
const TOKEN_PAGE =
  '/(?:reset[-_]?password|confirm[-_]?email|verify[-_]?email|admin[-_/]?register|change[-_]?pin)/?';
const TOKEN_PAGE_PATH = new RegExp(`^${TOKEN_PAGE}$`, 'i');

const HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-paystack-signature'];
const BODY_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'pin',
  'currentPin',
  'newPin',
  'token',
  'secret',
];
const REDACT_PATHS = [
  ...HEADERS.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]),
  ...BODY_FIELDS.flatMap((name) => [name, `*.${name}`, `*.body.${name}`]),
];

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

function redactQuery(query: string, isAllSecret: boolean): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return isAllSecret && pair !== '' ? REDACTED : pair;
      const name = pair.slice(0, equals);
      return isAllSecret || SECRET_QUERY_NAME.test(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request's address as the logs may keep it: the values of route parameters that carry a secret, and of
 * query parameters named like one, are replaced; on token routes and pages the whole query is.
 */
export function redactUrl(url: string, params?: unknown): string {
  const secrets =
    params && typeof params === 'object'
      ? Object.entries(params)
          .filter(
            ([name, value]) => SECRET_PARAM_NAME.test(name) && typeof value === 'string' && value !== '',
          )
          .map(([, value]) => value as string)
      : [];
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const path =
    secrets.length === 0
      ? pathname
      : pathname
          .split('/')
          .map((segment) => (secrets.includes(decoded(segment)) ? REDACTED : segment))
          .join('/');
  if (queryAt === -1) return path;
  const isAllSecret = secrets.length > 0 || TOKEN_PAGE_PATH.test(decoded(pathname));
  return `${path}?${redactQuery(url.slice(queryAt + 1), isAllSecret)}`;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  params?: unknown;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own request fields, with the address redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url, request.params) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

function errorsIn(error: unknown, found = new Set<Error>()): Set<Error> {
  if (!(error instanceof Error) || found.has(error) || found.size > 20) return found;
  found.add(error);
  errorsIn(error.cause, found);
  for (const value of Object.values(error)) errorsIn(value, found);
  if (error instanceof AggregateError) for (const each of error.errors) errorsIn(each, found);
  return found;
}

/**
 * A failed query's bound values are whatever was being stored or looked up (a mail with its link, a session's
 * token): the query text stays, its values do not (drizzle writes them into the message, PGlite into `params`).
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error);
  const replacements: [string, string][] = [];
  for (const each of errorsIn(error)) {
    const { query, params } = each as Error & { query?: unknown; params?: unknown };
    if (typeof query === 'string' && params !== undefined && each.message.startsWith('Failed query: ')) {
      replacements.push([each.message, `Failed query: ${query}\nparams: ${REDACTED}`]);
    }
  }
  const clean = (value: SerializedError) => {
    for (const [original, redacted] of replacements) {
      value.message = value.message.replaceAll(original, redacted);
      if (typeof value.stack === 'string') value.stack = value.stack.replaceAll(original, redacted);
    }
    const fields = value as unknown as Record<string, unknown>;
    if ('params' in fields) fields['params'] = REDACTED;
    // the raw bytes of a request Node's HTTP parser refused: its address and headers
    delete fields['rawPacket'];
    for (const nested of Object.values(fields)) {
      if (nested && typeof nested === 'object' && 'message' in nested && 'stack' in nested)
        clean(nested as SerializedError);
    }
    for (const nested of (value.aggregateErrors ?? []) as SerializedError[]) clean(nested);
  };
  clean(serialized);
  return serialized;
}

const TOKEN_PAGE_QUERY = new RegExp(`(${TOKEN_PAGE}\\?)([^\\s"'<>\\\\#]*)`, 'gi');
const QUERY_PAIR = /([?&])([^=&?#\s"'<>\\]+)=([^&#\s"'<>\\]*)/g;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s"'<>\\]*:)([^@/?#\s"'<>\\]+)@/gi;
// a failed query's message logged as a plain string, not as an error: its values run to the end of the string
const QUERY_VALUES = /(Failed query: (?:[^"\\]|\\.)*?\\nparams: )(?!\[Redacted\])(?:[^"\\]|\\.)*/g;

/**
 * The last pass over every line: addresses inside messages and error texts (a library's "invalid URL: …",
 * Fastify's "Route GET:/x?token=… not found") lose their secrets as the request's own address does.
 */
export function redactText(line: string): string {
  return line
    .replace(TOKEN_PAGE_QUERY, (_match, page: string, query: string) => page + redactQuery(query, true))
    .replace(QUERY_PAIR, (match, separator: string, name: string) =>
      SECRET_QUERY_NAME.test(decoded(name)) ? `${separator}${name}=${REDACTED}` : match,
    )
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(QUERY_VALUES, `$1${REDACTED}`);
}

/**
 * The one logger of a process. Secrets never reach it whole: request addresses, headers, body fields, failed
 * queries' values and any address in a message are redacted here, so operators may read and ship the logs.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'quickvend' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    hooks: { streamWrite: redactText },
  };
  return destination ? pino(options, destination) : pino(options);
}
