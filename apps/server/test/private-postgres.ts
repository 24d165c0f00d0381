import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * A PostgreSQL server of the test's own: initdb into a temporary folder, on a
 * free port, so a test may stop and start it. The machine's shared server is
 * never touched. As root, the server runs as the `postgres` user (PostgreSQL
 * refuses to run as root).
 */
export interface PrivatePostgres {
  port: number;
  url(database?: string): string;
  psql(sql: string): Promise<string>;
  /** Fast shutdown: sessions are ended, as on a real restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The folder holding initdb and pg_ctl (PG_BIN, else the newest /usr/lib/postgresql/N/bin), or why there is none. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const bin = candidates.find((b) => ['initdb', 'pg_ctl', 'psql', 'pg_basebackup'].every((x) => existsSync(path.join(b, x))));
  if (!bin) return { missing: 'no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup); install postgresql or set PG_BIN' };
  if (userInfo().uid === 0) {
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
      return { missing: 'running as root without runuser, so PostgreSQL cannot be started as another user' };
    }
    if (!/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8'))) {
      return { missing: 'running as root with no postgres user to start PostgreSQL as' };
    }
  }
  return { bin };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A folder of the test's own, owned by the user PostgreSQL runs as, and how to run a PostgreSQL program as that user. */
async function serverFolder(bin: string) {
  const root = mkdtempSync(path.join(tmpdir(), 'haat-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = async (cmd: string, args: string[]) => {
    const file = path.join(bin, cmd);
    const { stdout } = asRoot ? await exec('runuser', ['-u', 'postgres', '--', file, ...args]) : await exec(file, args);
    return stdout;
  };
  if (asRoot) {
    const { stdout } = await exec('id', ['-u', 'postgres']);
    const { stdout: gid } = await exec('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  return { root, data: path.join(root, 'data'), run };
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const { root, data, run } = await serverFolder(bin);
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // wal_level=replica (the default, said aloud): a streaming replica can be copied from it (startPrivateReplica).
  return serve(root, data, run, '-c wal_level=replica -c max_wal_senders=5');
}

/**
 * A streaming replica (hot standby) of a private PostgreSQL: pg_basebackup -R
 * into a folder of its own, through a replication slot (so the primary keeps
 * the WAL it needs while it is stopped), started on another free port.
 */
export async function startPrivateReplica(bin: string, primary: PrivatePostgres): Promise<PrivatePostgres> {
  const { root, data, run } = await serverFolder(bin);
  const slot = `haat_replica_${primary.port}_${Date.now()}`;
  await run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-C', '-S', slot, '--checkpoint=fast', '--no-sync']);
  return serve(root, data, run, '-c hot_standby=on');
}

async function serve(root: string, data: string, run: (cmd: string, args: string[]) => Promise<string>, extra: string): Promise<PrivatePostgres> {
  const port = await freePort();
  // Its own socket folder and only loopback TCP; fsync off, since the test restarts cleanly and never crashes the machine.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 ${extra}`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-o', options, '-w', '-t', '30', 'start']);
  };
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    psql: (sql) => run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atqc', sql]),
    stop: async () => {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    },
    start,
    destroy: async () => {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
