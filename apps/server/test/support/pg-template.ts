import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

/**
 * The server-postgres project's globalSetup: one migrated template database per run, from which every
 * worker clones its own (`CREATE DATABASE … TEMPLATE`, pg-worker-database.ts), so the PostgreSQL files run
 * side by side as the PGlite ones do, without emptying each other's tables. The names derive from
 * TEST_DATABASE_URL's database: `<name>_tpl` and `<name>_w<pool id>`; a run drops what an earlier one left.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('server-postgres needs TEST_DATABASE_URL');
  const { admin, template } = names(base);
  await dropClones(admin, base);
  await query(admin, `CREATE DATABASE "${template}"`);
  const database = await openDatabase(databaseUrl(base, template), mkdtempSync(path.join(tmpdir(), 'haat-template-')));
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', template);
  return () => dropClones(admin, base);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/** The template's name, and a URL on the same server for CREATE and DROP DATABASE (the maintenance database). */
export function names(base: string): { admin: string; template: string; prefix: string } {
  const prefix = new URL(base).pathname.slice(1) || 'postgres';
  return { admin: databaseUrl(base, 'postgres'), template: `${prefix}_tpl`, prefix };
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function query(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function dropClones(admin: string, base: string): Promise<void> {
  const { prefix } = names(base);
  const { rows } = await query(admin, `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [`${prefix}_tpl`, `${prefix.replace(/_/g, '\\_')}\\_w%`]);
  for (const { datname } of rows as { datname: string }[]) await query(admin, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
