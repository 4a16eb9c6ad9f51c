/**
 * npm run bench's page speed (DESIGN §8, issues 11, 18 and 40): Lighthouse on the public pages in
 * headless Chromium, live and simulated throttling, each page beside its limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGET_SCORE = 95;
const TARGET_FCP_MS = 1500;
const TARGET_LCP_MS = 2000;
const TARGET_CLS = 0.05;

interface PageSpeed {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The element Lighthouse names as the largest contentful paint, as a snippet of its HTML. */
  lcpElement: string | undefined;
  /** Where the main thread's time went (Lighthouse's main-thread breakdown), largest first. */
  mainThread: { work: string; ms: number }[];
  /** Lighthouse's measure of this machine's speed at the run (higher is faster): simulated times scale with it. */
  cpuIndex: number;
}

/** Issue 18 §2: with Lighthouse's default (simulated) throttling, as PageSpeed Insights runs it. */
const TARGET_SIMULATED_SCORE = 90;
const TARGET_SIMULATED_TBT_MS = 200;
/** Issue 40: and LCP ≤ 2.5 s, each page measured this many times with the median counting. */
const TARGET_SIMULATED_LCP_MS = 2500;
const SIMULATED_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * Issue 40: the phone targets hold "not only on a quiet run". BENCH_BUSY_CORES=1 keeps that many
 * other processes spinning through every Lighthouse run, as a second job on the machine would.
 */
const BUSY_CORES = Number(process.env.BENCH_BUSY_CORES ?? 0);

/** Processes that keep a core each busy until they are killed. */
function busyCores(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

// A run Lighthouse could not finish has no figures (NaN): the median and range are of the others.
const finished = (values: number[]) => {
  const found = values.filter(Number.isFinite);
  return found.length > 0 ? found : [NaN];
};
const median = (values: number[]) => {
  const found = finished(values).sort((a, b) => a - b);
  return found[Math.floor((found.length - 1) / 2)]!;
};
const range = (values: number[]) => `${Math.min(...finished(values))}–${Math.max(...finished(values))}`;

/** The run whose total blocking time is the median of the finished runs'. */
function medianRun(runs: PageSpeed[]): PageSpeed {
  const done = runs.filter((run) => Number.isFinite(run.tbt));
  const sorted = (done.length > 0 ? done : runs).sort((a, b) => a.tbt - b.tbt);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Lighthouse's main-thread breakdown as rows of work and milliseconds, largest first. */
function mainThreadOf(details: unknown): { work: string; ms: number }[] {
  const items = (details as { items?: { groupLabel?: string; group?: string; duration?: number }[] } | undefined)?.items ?? [];
  return items
    .map((item) => ({ work: item.groupLabel ?? item.group ?? 'other', ms: Math.round(item.duration ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
}

/** The first node item in an audit's details (tables and lists nest them). */
function firstNode(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const item = details as { type?: unknown; snippet?: unknown; items?: unknown };
  if (item.type === 'node' && typeof item.snippet === 'string') return item.snippet;
  const children = Array.isArray(details) ? details : Array.isArray(item.items) ? item.items : Object.values(details);
  for (const child of children) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * DESIGN §8, issue 11: page speed of home, series and reader pages in headless Chromium
 * (Lighthouse, mobile), each beside its limit: the same page's HTML without scripts, from the
 * same app in the same run, with the same settings.
 * Throttling is applied to the real network ('devtools'), not simulated afterwards: on loopback a
 * simulated run gets the API's answers before the first paint, so it reported CLS 0 while a
 * visitor on a phone saw the page jump when the data arrived. Each page is a cold load (Lighthouse
 * clears the cache and storage first). Returns how many pages missed a target.
 */
export async function pageSpeed(port: number, limitPort: number, pages: Record<string, string>): Promise<number> {
  if (!existsSync(CHROMIUM) || !existsSync(fileURLToPath(new URL('../../web/dist/index.html', import.meta.url)))) {
    console.log('Page speed: skipped (needs Chromium and a built web app)\n');
    return 0;
  }
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const busy = busyCores(BUSY_CORES);
  if (BUSY_CORES > 0)
    console.log(`Page speed with ${BUSY_CORES} other process(es) keeping a core busy throughout (BENCH_BUSY_CORES)\n`);
  const run = async (name: string, url: string, throttlingMethod: 'devtools' | 'simulate' = 'devtools'): Promise<PageSpeed> => {
    const once = () =>
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        onlyCategories: ['performance'],
        throttlingMethod,
        logLevel: 'error',
      });
    let result = await once();
    // A run Lighthouse could not finish (no paint in time, a trace it failed to record) is tried once
    // more, then says why, not just NaN.
    if (result?.lhr.runtimeError) result = await once();
    const error = result?.lhr.runtimeError;
    if (error) console.log(`Page speed of ${name}: ${error.code} ${error.message}`);
    const audits = result?.lhr.audits ?? {};
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((result?.lhr.categories.performance?.score ?? NaN) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      // Lighthouse 13 names it in the LCP breakdown insight; older ones in largest-contentful-paint-element.
      lcpElement:
        firstNode(audits['lcp-breakdown-insight']?.details) ?? firstNode(audits['largest-contentful-paint-element']?.details),
      mainThread: mainThreadOf(audits['mainthread-work-breakdown']?.details),
      cpuIndex: Math.round(result?.lhr.environment.benchmarkIndex ?? NaN),
    };
  };
  try {
    const rows = [];
    const elements: string[] = [];
    let missed = 0;
    for (const [name, path] of Object.entries(pages)) {
      // Issue 40: the live runs too are taken SIMULATED_RUNS times, the run with the median TBT
      // counting: on these machines one run's TBT moves by half between two runs of the same page.
      const lives: PageSpeed[] = [];
      for (let index = 0; index < SIMULATED_RUNS; index += 1) lives.push(await run(name, `http://127.0.0.1:${port}${path}`));
      const live = medianRun(lives);
      const limit = await run(`${name} (limit)`, `http://127.0.0.1:${limitPort}${path}`);
      const misses = [
        live.score >= TARGET_SCORE ? '' : 'score',
        live.fcp <= TARGET_FCP_MS ? '' : 'FCP',
        live.lcp <= TARGET_LCP_MS ? '' : 'LCP',
        live.cls <= TARGET_CLS ? '' : 'CLS',
      ].filter(Boolean);
      if (misses.length > 0) missed += 1;
      rows.push({
        page: name,
        score: live.score,
        'FCP ms': live.fcp,
        'LCP ms': live.lcp,
        'TBT ms': live.tbt,
        TBTs: range(lives.map((r) => r.tbt)),
        CLS: live.cls,
        'limit score': limit.score,
        'limit FCP': limit.fcp,
        'limit LCP': limit.lcp,
        'limit TBT': limit.tbt,
        'limit CLS': limit.cls,
        target: misses.length === 0 ? 'met' : `MISSED (${misses.join(', ')})`,
      });
      const clip = (snippet: string | undefined) => (snippet ?? 'none named').replace(/\s+/g, ' ').slice(0, 110);
      elements.push(`  ${name}: ${clip(live.lcpElement)}\n  ${' '.repeat(name.length)}  limit: ${clip(limit.lcpElement)}`);
    }
    console.log(
      `Page speed (Lighthouse, mobile, network and CPU throttled as a phone on 4G; the run with the median TBT of ${SIMULATED_RUNS}), live page beside its limit (the same HTML without scripts; informative):`,
    );
    console.table(rows);
    console.log(`Largest contentful paint element:\n${elements.join('\n')}\n`);

    // Issue 18 §2: the same pages with Lighthouse's default, simulated throttling (a phone's CPU
    // and network modelled from an unthrottled load), beside their limit; and where the reader
    // page's main thread went, so a regression shows where it came from.
    // Issue 40: each page SIMULATED_RUNS times, the median counts and the runs' range is shown.
    const simulated = [];
    let readerMainThread: PageSpeed['mainThread'] = [];
    for (const [name, path] of Object.entries(pages)) {
      const runs: PageSpeed[] = [];
      for (let index = 0; index < SIMULATED_RUNS; index += 1)
        runs.push(await run(name, `http://127.0.0.1:${port}${path}`, 'simulate'));
      const limit = await run(`${name} (limit)`, `http://127.0.0.1:${limitPort}${path}`, 'simulate');
      const [score, tbt, lcp] = [
        median(runs.map((r) => r.score)),
        median(runs.map((r) => r.tbt)),
        median(runs.map((r) => r.lcp)),
      ];
      const ok = score >= TARGET_SIMULATED_SCORE && tbt <= TARGET_SIMULATED_TBT_MS && lcp <= TARGET_SIMULATED_LCP_MS;
      if (!ok) missed += 1;
      if (name === 'reader') readerMainThread = runs.find((r) => r.score === score)?.mainThread ?? [];
      simulated.push({
        page: name,
        score,
        scores: range(runs.map((r) => r.score)),
        'TBT ms': tbt,
        'LCP ms': lcp,
        LCPs: range(runs.map((r) => r.lcp)),
        'limit score': limit.score,
        'limit LCP': limit.lcp,
        'limit TBT': limit.tbt,
        // How fast the machine was in these runs: a busy or slow moment lengthens every task.
        'CPU index': range([...runs, limit].map((r) => r.cpuIndex)),
        target: ok ? 'met' : 'MISSED',
      });
    }
    console.log(
      `Page speed with Lighthouse's default simulated throttling, median of ${SIMULATED_RUNS} (score ≥ ${TARGET_SIMULATED_SCORE}, TBT ≤ ${TARGET_SIMULATED_TBT_MS} ms, LCP ≤ ${TARGET_SIMULATED_LCP_MS} ms):`,
    );
    console.table(simulated);
    console.log("The reader page's main thread (simulated throttling):");
    console.table(readerMainThread);
    return missed;
  } finally {
    chrome.kill();
    for (const child of busy) child.kill();
  }
}

/** The page-speed targets, as the bench's last line states them. */
export const PAGE_SPEED_TARGETS =
  `Lighthouse score ≥ ${TARGET_SCORE}, FCP ≤ ${TARGET_FCP_MS} ms, LCP ≤ ${TARGET_LCP_MS} ms, CLS ≤ ${TARGET_CLS} on the live pages, ` +
  `and with simulated throttling score ≥ ${TARGET_SIMULATED_SCORE}, TBT ≤ ${TARGET_SIMULATED_TBT_MS} ms and LCP ≤ ${TARGET_SIMULATED_LCP_MS} ms.`;
