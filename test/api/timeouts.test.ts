/**
 * Slow clients on a real listening server (app.inject has no sockets): the time limits are shrunk to about a
 * second so the test runs quickly, and every wait of the test itself is bounded, so a missing limit fails the test
 * instead of hanging it.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp(
    { KEEP_ALIVE_SECONDS: '1' },
    {
      configure: (config) => {
        config.timeouts = { ...config.timeouts, headersMs: 1000, requestMs: 1500 };
      },
    },
  );
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** What the server wrote before it closed the connection, or `open` when it still had not after `boundMs`. */
interface Outcome {
  closed: boolean;
  received: string;
}

/**
 * Opens a connection, writes `head`, then `drip` one character every 200 ms (as long as the connection lasts),
 * and waits for the server to close it, for `boundMs` at most.
 */
function slowClient(head: string, drip: string, boundMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    const timer = setInterval(() => {
      if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++] as string);
    }, 200);
    const bound = setTimeout(() => finish(false), boundMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(bound);
      socket.destroy();
      resolve({ closed, received });
    };
    socket.on('close', () => finish(true));
    socket.write(head);
  });
}

const host = () => `localhost:${port}`;

describe('time limits of a connection', () => {
  it('cuts off a request body sent a byte at a time with 408, in the JSON shape and with the security headers', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' }).padEnd(200, ' ');
    const head = [
      'POST /api/newsletter HTTP/1.1',
      `Host: ${host()}`,
      `Origin: http://${host()}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    // 200 characters at 5 a second would take 40 s; the limit is 1.5 s.
    const outcome = await slowClient(head, body, 10_000);
    expect(outcome.closed, 'the server still held the connection').toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.received.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(outcome.received).toContain('{"message":"The request took too long to arrive"}');
  });

  it('answers a request refused before its body arrived once, and closes the connection', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' }).padEnd(200, ' ');
    const head = [
      'POST /api/newsletter HTTP/1.1',
      `Host: ${host()}`,
      'Origin: http://evil.example',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    const outcome = await slowClient(head, body, 10_000);
    expect(outcome.closed, 'the server still held the connection').toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 403 /);
    expect(outcome.received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('cuts off headers sent a byte at a time with 408', async () => {
    const outcome = await slowClient(
      'GET /api/health HTTP/1.1\r\n',
      `Host: ${host()}\r\nX-Slow: ${'x'.repeat(200)}\r\n\r\n`,
      10_000,
    );
    expect(outcome.closed, 'the server still held the connection').toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a kept-alive connection left idle', async () => {
    const outcome = await slowClient(`GET /api/health HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, '', 10_000);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.received).toContain('"status":"ok"');
    expect(outcome.closed, 'the server still held the idle connection').toBe(true);
  });

  it('answers bytes that are not HTTP, and oversized headers, in the JSON shape with the security headers', async () => {
    const garbage = await slowClient('NOT HTTP AT ALL\r\n\r\n', '', 10_000);
    expect(garbage.received).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage.received).toContain('{"message":"Malformed request"}');
    expect(garbage.received.toLowerCase()).toContain('x-content-type-options: nosniff');
    const huge = await slowClient(
      `GET /api/health HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      '',
      10_000,
    );
    expect(huge.received).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge.received).toContain('{"message":"Request headers are too large"}');
  });

  it('answers a client that sends in time as usual', async () => {
    const res = await fetch(`http://${host()}/api/health`);
    expect(res.status).toBe(200);
  });
});
