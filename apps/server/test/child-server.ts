import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real entry point, as `npm start` runs it (node with tsx's loader, no wrapper process), in a child process. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const main = path.join(root, 'apps/server/src/main.ts');

export type ChildServer = ReturnType<typeof runMain>;

/** `nodeArgs` go before the entry point, e.g. `npm start`'s `--max-old-space-size=160`. */
export function runMain(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** Resolves with the URL main prints once it listens; rejects if it exits first. */
export function readyUrl(p: ChildServer): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Haat is ready at (\S+)/.exec(p.out());
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    void p.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited early (${code}): ${p.err()}`));
    });
  });
}

/** The exit code, or 'still running' (after killing it) when it has not exited within ms. */
export async function exitWithin(p: ChildServer, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([p.exited, new Promise<'still running'>((r) => (timer = setTimeout(() => r('still running'), ms)))]);
  clearTimeout(timer);
  if (code === 'still running') p.child.kill('SIGKILL');
  return code;
}
