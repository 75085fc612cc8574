import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSmtpTransport, quietSmtpUrl } from './smtp.adapter.ts';

/** Just enough of an SMTP server to take one mail; resolves with what it received. */
async function fakeSmtpServer(): Promise<{ port: number; server: Server; received: Promise<string> }> {
  let resolveReceived: (data: string) => void = () => undefined;
  const received = new Promise<string>((resolve) => {
    resolveReceived = resolve;
  });
  const server = createServer((socket) => {
    let buffer = '';
    let isData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (isData) {
        if (!buffer.includes('\r\n.\r\n')) return;
        isData = false;
        resolveReceived(buffer);
        buffer = '';
        socket.write('250 queued\r\n');
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          isData = true;
          socket.write('354 go on\r\n');
          return;
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, received };
}

describe('SMTP transport', () => {
  let server: Server | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('never prints a mail, even when SMTP_URL asks nodemailer to', async () => {
    const fake = await fakeSmtpServer();
    server = fake.server;
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
    }
    const link = 'https://quickvend.example/reset-password?token=kq3Zr8T1xYvB0aQ';
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${fake.port}?logger=true&debug=true&transactionLog=true&ignoreTLS=true`,
      'QuickVend <no-reply@quickvend.example>',
    );
    await transport.send({ to: 'ada@example.com', subject: 'Reset your password', text: `Open ${link}` });
    expect(await fake.received).toContain('Reset your password');
    expect(printed.join('\n')).not.toContain('kq3Zr8T1xYvB0aQ');
    expect(printed).toEqual([]);
  });

  it('keeps every other setting of the address as written', () => {
    expect(
      quietSmtpUrl(
        'smtps://u%40x:p%3Ass@smtp.example.com:465?pool=true&debug=true&tls.rejectUnauthorized=false',
      ),
    ).toBe('smtps://u%40x:p%3Ass@smtp.example.com:465?pool=true&tls.rejectUnauthorized=false');
    expect(quietSmtpUrl('smtp://smtp.example.com:25?logger=true')).toBe('smtp://smtp.example.com:25');
    expect(quietSmtpUrl('smtp://smtp.example.com')).toBe('smtp://smtp.example.com');
  });
});
