import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { openDatabase } from '../../api/src/db/client.js';
import { builtinCourier } from '../../api/src/modules/couriers/builtin.js';
import type { GatewayOffice } from '../../api/src/modules/couriers/gateway.js';
import { syncOffices } from '../../api/src/modules/couriers/offices.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { httpClient, percentile, round, type Figure } from './lib.js';

const OFFICES = 2000;
const REQUESTS = 1000;
const WARM_UP = 100;

const CITIES: [string, string, string][] = [
  ['София', 'Sofia', '1000'],
  ['Пловдив', 'Plovdiv', '4000'],
  ['Варна', 'Varna', '9000'],
  ['Бургас', 'Burgas', '8000'],
  ['Русе', 'Ruse', '7000'],
  ['Стара Загора', 'Stara Zagora', '6000'],
  ['Плевен', 'Pleven', '5800'],
  ['Сливен', 'Sliven', '8800'],
  ['Добрич', 'Dobrich', '9300'],
  ['Шумен', 'Shumen', '9700'],
  ['Перник', 'Pernik', '2300'],
  ['Хасково', 'Haskovo', '6300'],
  ['Ямбол', 'Yambol', '8600'],
  ['Пазарджик', 'Pazardzhik', '4400'],
  ['Благоевград', 'Blagoevgrad', '2700'],
  ['Велико Търново', 'Veliko Tarnovo', '5000'],
  ['Враца', 'Vratsa', '3000'],
  ['Габрово', 'Gabrovo', '5300'],
  ['Асеновград', 'Asenovgrad', '4230'],
  ['Видин', 'Vidin', '3700'],
];
const STREETS: [string, string][] = [
  ['Витоша', 'Vitosha'],
  ['Васил Левски', 'Vasil Levski'],
  ['Христо Ботев', 'Hristo Botev'],
  ['Цар Освободител', 'Tsar Osvoboditel'],
  ['Македония', 'Makedonia'],
  ['Княз Борис I', 'Knyaz Boris I'],
  ['Александровска', 'Aleksandrovska'],
  ['Шипка', 'Shipka'],
];

/** 2,000 offices and lockers over 20 cities (Sofia a quarter of them), as a big courier's list is. */
function offices(): GatewayOffice[] {
  return Array.from({ length: OFFICES }, (_, index) => {
    const city = CITIES[index % 4 === 0 ? 0 : index % CITIES.length]!;
    const street = STREETS[index % STREETS.length]!;
    const locker = index % 3 === 0;
    return {
      code: `B${index}`,
      kind: locker ? 'locker' : 'office',
      name: `${locker ? 'Автомат' : 'Офис'} ${city[0]} ${index}`,
      nameEn: `${city[1]} ${locker ? 'locker' : 'office'} ${index}`,
      city: city[0],
      cityEn: city[1],
      postcode: city[2],
      address: `ул. „${street[0]}“ ${index % 200}`,
      addressEn: `${index % 200} ${street[1]} St`,
    };
  });
}

/**
 * The checkout picker's search (TRADE.md section 6, decision 0044) over 2,000 offices and lockers:
 * the real server on a PostgreSQL database of its own, asked over HTTP one request at a time (as a
 * shopper typing asks), a mix of a city alone (Sofia, the largest), a city and a word, a word
 * alone in Cyrillic and in Latin, and the list of cities.
 */
export async function couriers(): Promise<Figure[]> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-couriers-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false, serveWebApp: false });
  try {
    const list = offices();
    await syncOffices(database.db, builtinCourier({ offices: () => list }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = httpClient(base, 1);
    const queries = [
      'city=Sofia&lang=en',
      `city=${encodeURIComponent('софия')}&q=${encodeURIComponent('витоша')}`,
      'city=Varna&q=locker&lang=en',
      `q=${encodeURIComponent('левски 12')}&lang=bg`,
      'q=botev&lang=en',
      'city=Plovdiv&q=office%2017&lang=en',
    ];
    const times: number[] = [];
    for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
      const query = queries[index % queries.length]!;
      const answer = await client.send('GET', `/api/couriers/offices?${query}`);
      if (answer.status !== 200) throw new Error(`offices answered ${answer.status}`);
      if (index >= WARM_UP) times.push(answer.ms);
    }
    const citiesMs = (await client.send('GET', '/api/couriers/cities?lang=bg')).ms;
    client.close();
    // The search itself, without HTTP: what a request costs the server beyond Fastify.
    const own: number[] = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      const query = Object.fromEntries(new URLSearchParams(queries[index % queries.length]));
      const started = performance.now();
      await app.couriers.offices.search({ city: query.city, q: query.q, lang: query.lang === 'bg' ? 'bg' : 'en' });
      own.push(performance.now() - started);
    }
    own.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    return [
      {
        section: 'couriers',
        figure: `office search over ${OFFICES} offices and lockers, p99`,
        value: round(p99, 1),
        unit: 'ms',
        target: '≤ 20 ms',
        pass: p99 <= 20,
        detail: `p50 ${round(percentile(times, 50), 1)} ms, max ${round(times.at(-1)!, 1)} ms over ${REQUESTS} requests; cities ${round(citiesMs, 1)} ms`,
      },
      {
        section: 'couriers',
        figure: 'the search itself (in the process, no HTTP), p99',
        value: round(percentile(own, 99), 2),
        unit: 'ms',
        pass: null,
        detail: `p50 ${round(percentile(own, 50), 2)} ms`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
