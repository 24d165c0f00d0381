import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * apps/web/build.mjs writes the mode it built for (NODE_ENV, unset meaning production) to dist/.build-mode.
 * A production server refuses a build for another mode: a development build has no service worker and ships
 * React's development code (issue 41). A build from before the file existed is served as it always was.
 */
export function refuseDevelopmentBuild(webDist: string): void {
  const file = path.join(webDist, '.build-mode');
  if (!existsSync(file)) return;
  const mode = readFileSync(file, 'utf8').trim();
  if (mode !== 'production') {
    throw new Error(`The web app in ${webDist} was built for ${mode}, not production: run "npm start" (it rebuilds) or "npm run build" without NODE_ENV=${mode}.`);
  }
}
