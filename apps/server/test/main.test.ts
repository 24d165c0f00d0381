import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { exitWithin, readyUrl, runMain as run } from './child-server';
import { tmpDir } from './support';

/** A raw connection, so the test decides when bytes go out and never closes it itself. */
function rawSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const seen = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => (pattern.test(received) ? resolve() : setTimeout(check, 20));
      check();
    });
  return { socket, closed, seen, received: () => received };
}

/**
 * Starts a login request and sends only the first bytes of its body. The
 * server's "100 Continue" proves the request is in flight before the test goes on.
 */
async function startLogin(url: string, body: string, sent: number) {
  const conn = rawSocket(url);
  conn.socket.write(
    `POST /api/user/login HTTP/1.1\r\nHost: ${new URL(url).host}\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await conn.seen(/^HTTP\/1\.1 100 Continue/);
  conn.socket.write(body.slice(0, sent));
  return conn;
}

describe('main', () => {
  it('refuses a bad PORT with one clear line and exit code 1', async () => {
    const p = run({ PORT: 'not-a-port', DATA_DIR: tmpDir() });
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="not-a-port"/);
  });

  it('serves health, then on SIGTERM finishes and exits 0', async () => {
    const p = run({ PORT: '0', DATABASE_URL: 'memory://', DATA_DIR: tmpDir(), SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const url = await readyUrl(p);
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.database.state).toBe('up');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 60_000);

  it('on SIGTERM finishes requests in flight, closes keep-alive connections at once, cuts a never-ending request, and exits 0 within 10 s', async () => {
    const p = run({ PORT: '0', DATABASE_URL: 'memory://', DATA_DIR: tmpDir(), SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const url = await readyUrl(p);

    // One client holds an idle keep-alive connection after a request.
    const idle = rawSocket(url);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${new URL(url).host}\r\nConnection: keep-alive\r\n\r\n`);
    await idle.seen(/^HTTP\/1\.1 200/);
    // Another is in the middle of sending a request when SIGTERM comes, and finishes it after.
    const body = JSON.stringify({ email: 'nobody@test.haat', password: 'wrong-password' });
    const busy = await startLogin(url, body, 10);
    // A third never finishes its request.
    const stuck = await startLogin(url, JSON.stringify({ email: 'nobody@test.haat', password: 'never-finished' }), 10);

    const signalled = performance.now();
    const since = () => (performance.now() - signalled) / 1000;
    const closedAt = (c: { closed: Promise<void> }) => c.closed.then(since);
    const [idleClosed, busyClosed, stuckClosed] = [closedAt(idle), closedAt(busy), closedAt(stuck)];
    p.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    busy.socket.write(body.slice(10));
    // The request in flight is still answered; then its keep-alive connection is closed, without waiting 72 s.
    await busy.seen(/HTTP\/1\.1 4\d\d/);
    const answered = since();
    const code = await exitWithin(p, 12_000);
    const exited = since();
    const closed = { idle: await idleClosed, busy: await busyClosed, stuck: await stuckClosed };
    console.log(
      `SIGTERM: idle keep-alive closed after ${closed.idle.toFixed(1)} s, busy one answered at ${answered.toFixed(1)} s and closed at ${closed.busy.toFixed(1)} s, ` +
        `never-ending request cut at ${closed.stuck.toFixed(1)} s; exited ${code} after ${exited.toFixed(1)} s`,
    );
    expect(code).toBe(0);
    expect(exited).toBeLessThan(10);
    expect(closed.idle).toBeLessThan(2);
    expect(closed.busy - answered).toBeLessThan(2);
    expect(stuck.received()).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
  }, 90_000);
});
