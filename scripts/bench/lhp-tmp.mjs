import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const path = process.argv[2] ?? '/';
const r = await lighthouse(`http://127.0.0.1:3999${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
chrome.kill();
const lhr = r.lhr;
console.log('score', lhr.categories.performance.score);
for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','speed-index','cumulative-layout-shift','max-potential-fid','interactive']) {
  const a = lhr.audits[id]; if (a) console.log(id, a.score, a.displayValue);
}
const bt = lhr.audits['bootup-time']?.details?.items?.slice(0,5);
console.log(JSON.stringify(bt));
const mt = lhr.audits['long-tasks']?.details?.items?.slice(0,5);
console.log(JSON.stringify(mt));
