// A throwaway PostgreSQL database for a benchmark: created on BENCH_ADMIN_URL's
// server (default 127.0.0.1:5432), handed to `run` as a URL, dropped after.
import pg from 'pg';

export async function withThrowawayDatabase(prefix, run) {
  const admin = new URL(process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `${prefix}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
