import path from 'node:path';
import { startSmtpCatcher } from '../apps/server/test/support/smtp';
import { startSteadfastFake } from '../apps/server/test/fakes/steadfast';
import { startRedxFake } from '../apps/server/test/fakes/redx';
import { startPaperflyFake } from '../apps/server/test/fakes/paperfly';
import { startFakeMetaCapi } from '../apps/server/test/fakes/meta-capi';
import { shops } from './shop';

/**
 * For each shop of the run (e2e/shop.ts): a real SMTP server for the journeys that read e-mail (password
 * recovery), the server tests' SMTP catcher, writing each message to the shop's DATA_DIR/smtp-received/ for the
 * specs to read (fixtures.ts: `latestCode`); the fake Meta Conversions API (decision 0131), and the fake Steadfast, RedX and Paperfly couriers the shop books with, which specs
 * drive over HTTP (POST /__fake/...). scripts/e2e.mjs picks their ports before Playwright starts, so the config
 * can hand them to the shops.
 */
export default async function globalSetup() {
  const started = await Promise.all(
    shops
      .filter((shop) => shop.smtpPort && shop.dataDir)
      .map(async (shop) => ({
        steadfast: shop.steadfastPort ? await startSteadfastFake({ port: shop.steadfastPort }) : null,
        redx: shop.redxPort ? await startRedxFake({ port: shop.redxPort }) : null,
        paperfly: shop.paperflyPort ? await startPaperflyFake({ port: shop.paperflyPort }) : null,
        meta: shop.metaPort ? await startFakeMetaCapi({ port: shop.metaPort }) : null,
        catcher: await startSmtpCatcher({ port: shop.smtpPort, inbox: path.join(shop.dataDir, 'smtp-received') }),
      })),
  );
  return async () => {
    for (const { steadfast, redx, paperfly, meta, catcher } of started) {
      await steadfast?.close();
      await redx?.close();
      await paperfly?.close();
      await meta?.close();
      await catcher.close();
    }
  };
}
