// `npm run bench:table -- a.json b.json …`: the figures of several `npm run bench` runs (their
// bench/results.json, copied aside) as one Markdown table, a column a run, for docs/performance.md.
// A figure passes when it passed in every run that measured it.
import { readFileSync } from 'node:fs';
import type { Figure } from './lib.js';

interface Results {
  conditions: { date: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  figures: Figure[];
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run bench:table -- results-1.json [results-2.json …]');
  process.exit(2);
}
const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Results);

const shown = (figure: Figure | undefined) => {
  if (!figure) return '—';
  const value =
    typeof figure.value === 'number' ? `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}` : figure.value;
  return figure.pass === false ? `**${value}**` : value;
};
const cell = (text: string) => text.replaceAll('|', '\\|');

/** Lighthouse's `benchmarkIndex` of the host, lowest and highest of a run (the web section's details carry it). */
function hostIndex(run: Results): string {
  const indexes = run.figures
    .flatMap((figure) => [...(figure.detail ?? '').matchAll(/\(\d+ ms, (\d+)\)/g)].map((match) => Number(match[1])))
    .sort((a, b) => a - b);
  return indexes.length > 0 ? `${indexes[0]}–${indexes.at(-1)}` : 'not measured';
}

console.log('| run | started (UTC) | load at start → end | host `benchmarkIndex` | below target |');
console.log('|---|---|---|---|---|');
runs.forEach((run, index) => {
  const { date, loadAverageAtStart, loadAverageAtEnd } = run.conditions;
  const failed = run.figures.filter((figure) => figure.pass === false).length;
  console.log(
    `| ${index + 1} | ${date.slice(0, 16).replace('T', ' ')} | ${loadAverageAtStart[0]} → ${loadAverageAtEnd[0]} | ${hostIndex(run)} | ${failed} of ${run.figures.length} |`,
  );
});

const key = (figure: Figure) => `${figure.section}\u0000${figure.figure}`;
const byRun = runs.map((run) => new Map(run.figures.map((figure) => [key(figure), figure])));
const order = new Map<string, Figure>();
for (const run of runs) for (const figure of run.figures) if (!order.has(key(figure))) order.set(key(figure), figure);

console.log(`\n| section | figure | ${runs.map((_, index) => `run ${index + 1}`).join(' | ')} | target | result |`);
console.log(`|---|---|${runs.map(() => '---|').join('')}---|---|`);
for (const [name, first] of order) {
  const measured = byRun.map((figures) => figures.get(name));
  const verdicts = measured.filter((figure) => figure && figure.pass !== null).map((figure) => figure!.pass);
  const result = verdicts.length === 0 ? '' : verdicts.every(Boolean) ? 'pass' : '**FAIL**';
  const cells = [first.section, first.figure, ...measured.map(shown), first.target ?? '', result];
  console.log(`| ${cells.map(cell).join(' | ')} |`);
}
