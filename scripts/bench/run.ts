// `npm run bench [-- section ... --no-build]`: builds the shop, measures it, prints a table of figures with
// their targets and writes bench/results.json. Sections: api polling writes queries web startup backup operations effects records couriers catalogue campaigns returns gift-cards.
// PostgreSQL sections use a fresh database on TEST_DATABASE_URL's server (default: this host's, on its
// Unix socket if it listens there, else 127.0.0.1:5432).
import './local-socket.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../api/src/robustness/support/server.js';
import { throughput } from './api.js';
import { polling } from './polling.js';
import { writes } from './writes.js';
import { backup } from './backup.js';
import { postgresFixture, type PostgresFixture } from './fixture.js';
import { beginLoopSection, endLoopSection, printTable, type Figure } from './lib.js';
import { catalogue } from './catalogue.js';
import { campaignSend } from './campaign-send.js';
import { campaignQueue } from './campaigns.js';
import { couriers } from './couriers.js';
import { effects } from './effects.js';
import { giftCardsBench } from './gift-cards.js';
import { operations } from './operations.js';
import { queries } from './queries.js';
import { records } from './records.js';
import { returnsBench } from './returns.js';
import { startup } from './startup.js';
import { web } from './web.js';

const SECTIONS = {
  api: { needsPostgres: true, run: throughput },
  polling: { needsPostgres: true, run: polling },
  writes: { needsPostgres: true, run: writes },
  queries: { needsPostgres: true, run: queries },
  web: { needsPostgres: false, run: web },
  startup: { needsPostgres: false, run: startup },
  backup: { needsPostgres: false, run: backup },
  operations: { needsPostgres: false, run: operations },
  effects: { needsPostgres: false, run: effects },
  records: { needsPostgres: false, run: records },
  couriers: { needsPostgres: false, run: couriers },
  catalogue: { needsPostgres: false, run: catalogue },
  campaigns: { needsPostgres: false, run: async () => [...(await campaignQueue()), ...(await campaignSend())] },
  returns: { needsPostgres: false, run: returnsBench },
  'gift-cards': { needsPostgres: false, run: giftCardsBench },
} satisfies Record<string, { needsPostgres: boolean; run: (fixture: PostgresFixture) => Promise<Figure[]> }>;
type Section = keyof typeof SECTIONS;

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Choose from: ${Object.keys(SECTIONS).join(' ')}`);
  process.exit(2);
}
const chosen = (asked.length > 0 ? asked : Object.keys(SECTIONS)) as Section[];

const started = Date.now();
const conditions = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  loadAverageAtStart: loadavg().map((load) => Math.round(load * 100) / 100),
};
console.log(
  `Benchmark: ${chosen.join(', ')} on ${conditions.cpus} CPUs (load ${conditions.loadAverageAtStart.join(' ')}), Node ${conditions.node}`,
);

// --no-build measures the build already in api/dist and web/dist (for a quick second run).
if (!process.argv.includes('--no-build')) {
  console.log('Building (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('The build failed.');
    process.exit(1);
  }
}

const figures: Figure[] = [];
let fixture: PostgresFixture | undefined;
try {
  for (const name of chosen) {
    const section = SECTIONS[name];
    console.log(`Measuring ${name}…`);
    try {
      if (section.needsPostgres && !fixture) {
        console.log('  seeding PostgreSQL: 500 products, 1,000 shoppers with sessions, carts and wishlists…');
        fixture = await postgresFixture();
      }
      // What the sections before left in this process's heap is collected now, not during this
      // one's timings (some time requests in this process; every section's client runs here).
      globalThis.gc?.();
      await beginLoopSection();
      figures.push(...(await section.run(fixture!)));
      figures.push(await endLoopSection(name, { besides: section.needsPostgres ? undefined : fixture?.server.url }));
    } catch (error) {
      figures.push({
        section: name,
        figure: 'section failed',
        value: String(error instanceof Error ? error.message : error)
          .split('\n')[0]!
          .slice(0, 120),
        pass: false,
      });
    }
  }
} finally {
  await fixture?.close();
}

printTable(figures);
const failed = figures.filter((figure) => figure.pass === false).length;
const loadAtEnd = loadavg().map((load) => Math.round(load * 100) / 100);
console.log(
  `\n${figures.length} figures, ${failed} below target, in ${Math.round((Date.now() - started) / 1000)} s; ` +
    `load average ${conditions.loadAverageAtStart[0]} at the start, ${loadAtEnd[0]} at the end (${conditions.cpus} CPUs)`,
);
mkdirSync(join(repoRoot, 'bench'), { recursive: true });
writeFileSync(
  join(repoRoot, 'bench/results.json'),
  `${JSON.stringify({ conditions: { ...conditions, loadAverageAtEnd: loadAtEnd }, sections: chosen, figures }, null, 2)}\n`,
);
console.log('Written to bench/results.json');
