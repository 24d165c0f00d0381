import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

const SHUTDOWN_DEADLINE_MS = 9_000;

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const started = await startServer(config, { level: config.LOG_LEVEL }).catch((err: unknown) => {
  console.error(`Haat could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
console.log(`Haat is ready at ${started.url}`);
if (config.demoAdmin) console.log(`Demo admin: ${config.demoAdmin.email} / ${config.demoAdmin.password}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    started.app.log.info({ signal }, 'shutting down');
    // A hard deadline: whatever hangs (a stuck request, an unreachable database), the process ends within 10 s.
    setTimeout(() => {
      console.error('Haat: shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    started
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  });
}
