// npm run build (apps/web): the browser's build (dist/) and the server rendering's (dist-server/, decision 0078)
// side by side, each in its own process: they share no output, and two processes use two cores where one Vite
// run builds its environments one after the other. Fails if either fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const cwd = fileURLToPath(new URL('.', import.meta.url));

function build(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      // Each build's output in one piece, so the two never interleave.
      process.stdout.write(`── ${name} ──\n${Buffer.concat(out)}`);
      resolve(code === 0);
    });
  });
}

const ok = await Promise.all([build('browser (dist/)', []), build('server rendering (dist-server/)', ['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server'])]);
process.exit(ok.every(Boolean) ? 0 : 1);
