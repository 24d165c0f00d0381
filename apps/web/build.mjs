// npm run build (apps/web): the browser's build (dist/) and the server rendering's (dist-server/, decision 0078)
// side by side, each in its own process: they share no output, and two processes use two cores where one Vite
// run builds its environments one after the other. Fails if either fails.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCaptured } from '../../scripts/lib/shop.mjs';

const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const cwd = fileURLToPath(new URL('.', import.meta.url));

async function build(name, args) {
  const { code, output } = await runCaptured(process.execPath, [vite, 'build', ...args], { cwd });
  process.stdout.write(`── ${name} ──
${output}`);
  return code === 0;
}

const ok = await Promise.all([build('browser (dist/)', []), build('server rendering (dist-server/)', ['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server'])]);
// The mode Vite built for (NODE_ENV, unset meaning production): a production server refuses another (issue 41).
if (ok.every(Boolean)) writeFileSync(new URL('dist/.build-mode', import.meta.url), `${process.env.NODE_ENV || 'production'}\n`);
process.exit(ok.every(Boolean) ? 0 : 1);
