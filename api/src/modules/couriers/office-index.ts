import {
  OFFICE_SEARCH_LIMIT,
  type Courier,
  type CourierCities,
  type CourierOffice,
  type Language,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courierOffices } from '../../db/schema.js';
import { SingleFlight } from '../../platform/cache/single-flight.js';
import { toOffice, type OfficeRow } from './offices.js';

/** How long a process answers the picker from its copy before it reads the table again. */
export const OFFICE_INDEX_TTL_MS = 60_000;

interface Entry {
  row: OfficeRow;
  city: string;
  cityEn: string;
}

interface Loaded {
  at: number;
  /** The active offices in each language's order: city, offices before lockers, name. */
  ordered: Record<Language, Entry[]>;
  cities: Record<Language, CourierCities>;
}

const compare = (lang: Language) => (a: Entry, b: Entry) => {
  const bg = lang === 'bg';
  const byCity = (bg ? a.row.city : a.row.cityEn).localeCompare(bg ? b.row.city : b.row.cityEn, lang);
  if (byCity !== 0) return byCity;
  if (a.row.kind !== b.row.kind) return a.row.kind === 'office' ? -1 : 1;
  return (bg ? a.row.name : a.row.nameEn).localeCompare(bg ? b.row.name : b.row.nameEn, lang) || a.row.id - b.row.id;
};

function citiesOf(entries: Entry[], lang: Language): CourierCities {
  const byName = new Map<string, { name: string; postcode: string; offices: number }>();
  for (const { row } of entries) {
    const name = lang === 'bg' ? row.city : row.cityEn;
    const city = byName.get(name) ?? { name, postcode: row.postcode, offices: 0 };
    city.offices += 1;
    if (row.postcode < city.postcode) city.postcode = row.postcode;
    byName.set(name, city);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, lang));
}

/**
 * The checkout picker's index (docs/decisions/0044): the courier's active offices and lockers held
 * in the process, in both languages' orders, searched without a database round trip (a few
 * thousand rows: well under a megabyte). Read again once OFFICE_INDEX_TTL_MS old (the answer of
 * that request still from the old copy) and at once after this process synced; the checkout
 * itself checks the chosen office in the table, so an office closed a minute ago is never sold.
 */
export class OfficeIndex {
  private loaded: Loaded | null = null;
  private readonly loading = new SingleFlight<'offices', Loaded>();

  constructor(
    private readonly db: Db,
    private readonly courier: Courier,
  ) {}

  /** Reads the table again now (after a sync). */
  async refresh(): Promise<void> {
    this.loading.forget();
    await this.load();
  }

  private load(): Promise<Loaded> {
    return this.loading.run('offices', () =>
      this.db
        .select()
        .from(courierOffices)
        .where(and(eq(courierOffices.courier, this.courier), eq(courierOffices.active, true)))
        .then((rows) => {
          const entries = rows.map((row) => ({ row, city: row.city.toLowerCase(), cityEn: row.cityEn.toLowerCase() }));
          const loaded: Loaded = {
            at: Date.now(),
            ordered: { bg: [...entries].sort(compare('bg')), en: [...entries].sort(compare('en')) },
            cities: { bg: citiesOf(entries, 'bg'), en: citiesOf(entries, 'en') },
          };
          this.loaded = loaded;
          return loaded;
        }),
    );
  }

  private async current(): Promise<Loaded> {
    const loaded = this.loaded;
    if (!loaded) return this.load();
    if (Date.now() - loaded.at > OFFICE_INDEX_TTL_MS) void this.load().catch(() => undefined);
    return loaded;
  }

  /**
   * In `city` (either language, any case) and holding every word of `q` in its names, city or
   * address (any case, Cyrillic or Latin): offices before lockers, by name, at most OFFICE_SEARCH_LIMIT.
   */
  async search(query: { city?: string | undefined; q?: string | undefined; lang: Language }): Promise<CourierOffice[]> {
    const { ordered } = await this.current();
    const city = query.city?.toLowerCase();
    const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
    const found: CourierOffice[] = [];
    for (const entry of ordered[query.lang]) {
      if (city && entry.city !== city && entry.cityEn !== city) continue;
      if (!words.every((word) => entry.row.search.includes(word))) continue;
      found.push(toOffice(entry.row, query.lang));
      if (found.length === OFFICE_SEARCH_LIMIT) break;
    }
    return found;
  }

  async cities(lang: Language): Promise<CourierCities> {
    return (await this.current()).cities[lang];
  }
}
