import { APIError } from 'better-auth/api';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  registerErrorHandling,
} from './error-handler.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['pg-pool finding no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash shutdown', withCode('terminating connection due to crash', '57P02')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a closed embedded database', new Error('PGlite is closed')],
    ['drizzle wrapping a refusal', new DrizzleQueryError('select 1', [], withCode('x', 'ECONNREFUSED'))],
    [
      'the session library wrapping drizzle wrapping a shutdown',
      APIError.from(
        'INTERNAL_SERVER_ERROR',
        { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' },
        {
          cause: new DrizzleQueryError('select 1', [], withCode('x', '57P01')),
        },
      ),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new DrizzleQueryError('insert', [], withCode('duplicate key', '23505'))],
    ['a NUL in text', withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['one of our refusals', new AppError('INSUFFICIENT_FUNDS', 'Insufficient wallet balance.')],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler', () => {
  async function answer(error: Error) {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/fail', () => {
      throw error;
    });
    const warn = vi.spyOn(app.log, 'warn');
    const logError = vi.spyOn(app.log, 'error');
    const info = vi.spyOn(app.log, 'info');
    const response = await app.inject({ url: '/fail' });
    await app.close();
    return { response, warn, error: logError, info };
  }

  it('answers an unreachable database with 503, Retry-After and a plain message, logged at warn', async () => {
    const { response, warn, error } = await answer(
      new DrizzleQueryError(
        'select * from users where id = $1',
        ['usr_1'],
        withCode('connect', 'ECONNREFUSED'),
      ),
    );
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE },
    });
    expect(response.body).not.toContain('select');
    expect(warn).toHaveBeenCalledWith(
      { code: 'SERVICE_UNAVAILABLE', err: 'connect' },
      'request refused: unavailable',
    );
    expect(error).not.toHaveBeenCalled();
  });

  it('answers text PostgreSQL cannot store (U+0000) as bad input, logged at info', async () => {
    for (const code of ['22021', '22P05']) {
      const { response, error, info } = await answer(
        new DrizzleQueryError('insert', [], withCode('invalid byte sequence', code)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'VALIDATION_FAILED' }),
        'request refused',
      );
      expect(error).not.toHaveBeenCalled();
    }
  });

  it('still masks any other failure as INTERNAL, logged at error', async () => {
    const { response, error } = await answer(
      new DrizzleQueryError('insert', [], withCode('duplicate key', '23505')),
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
