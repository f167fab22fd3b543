// The built API (api/dist/main.js) under V8's CPU profiler, for `BENCH_PROFILE_DIR=<folder> npm run bench`
// (`--cpu-prof` cannot be given through NODE_OPTIONS): the profile is written to
// <folder>/server-<pid>.cpuprofile when the server is asked to stop (SIGTERM), for Chrome's DevTools.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.BENCH_PROFILE_DIR ?? '.';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.once('SIGTERM', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(folder, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
// A URL, not a literal path: the type check of scripts/ must not read the bundle.
await import(new URL('../../api/dist/main.js', import.meta.url).href);
