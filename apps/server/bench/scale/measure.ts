import autocannon from 'autocannon';

// How bench:scale measures one call (scale.ts says what and why).

export const ALONE_SECONDS = Number(process.env.BENCH_ALONE_SECONDS ?? 3);
export const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 5);
/**
 * How many times each call is measured at 32 connections: its p99 is the median of the runs, with
 * their spread beside it (two cores make one run's p99 noisy, and the targets are ratios of p99s).
 */
export const CROWD_RUNS = Math.max(1, Number(process.env.BENCH_SCALE_RUNS ?? 3));
export const CROWD = 32;

export interface Figures {
  first: number;
  aloneP50: number;
  aloneP99: number;
  rps: number;
  p50: number;
  p99: number;
  /** The lowest and highest p99 of the crowd runs. */
  p99Spread: [number, number];
  /** The slowest request of any crowd run. */
  max: number;
  errors: number;
  status5xx: number;
}

export async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const started = performance.now();
  const first = await fetch(url, { headers });
  await first.arrayBuffer();
  if (!first.ok) throw new Error(`${url} answered ${first.status}`);
  const firstMs = performance.now() - started;
  const run = (connections: number, duration: number) =>
    autocannon({ url, connections, duration, headers, timeout: 30 }) as Promise<autocannon.Result>;
  await run(4, 1);
  const alone = await run(1, ALONE_SECONDS);
  const crowds: autocannon.Result[] = [];
  for (let index = 0; index < CROWD_RUNS; index += 1) crowds.push(await run(CROWD, CROWD_SECONDS));
  const median = (pick: (result: autocannon.Result) => number) => {
    const values = crowds.map(pick).sort((a, b) => a - b);
    return values[Math.floor((values.length - 1) / 2)]!;
  };
  const p99s = crowds.map((crowd) => crowd.latency.p99);
  return {
    first: firstMs,
    aloneP50: alone.latency.p50,
    aloneP99: alone.latency.p99,
    rps: median((crowd) => crowd.requests.average),
    p50: median((crowd) => crowd.latency.p50),
    p99: median((crowd) => crowd.latency.p99),
    p99Spread: [Math.min(...p99s), Math.max(...p99s)],
    max: Math.max(...crowds.map((crowd) => crowd.latency.max)),
    errors: crowds.reduce((sum, crowd) => sum + crowd.errors + crowd.timeouts, alone.errors + alone.timeouts),
    status5xx: crowds.reduce((sum, crowd) => sum + crowd['5xx'], alone['5xx']),
  };
}

/** How many team edits measureAfterEdits makes, and how long the crowd runs after each. */
const EDITS = 5;
const AFTER_EDIT_SECONDS = 1;

/**
 * A call right after a team edit (issue 18 §3: an edit must not make the next requests slow for
 * everyone): the edit clears every kept answer and rendered page, then 32 connections ask at once
 * for a second, EDITS times. `first` is one request alone right after an edit; the p99 is the runs'
 * median, and `max` the slowest request of all: the one that refilled the cache while the others
 * waited for it.
 */
export async function measureAfterEdits(
  url: string,
  headers: Record<string, string>,
  edit: () => Promise<void>,
): Promise<Figures> {
  const run = (connections: number, duration: number) =>
    autocannon({ url, connections, duration, headers, timeout: 30 }) as Promise<autocannon.Result>;
  await run(4, 1);
  await edit();
  const started = performance.now();
  const first = await fetch(url, { headers });
  await first.arrayBuffer();
  if (!first.ok) throw new Error(`${url} answered ${first.status}`);
  const firstMs = performance.now() - started;
  const crowds: autocannon.Result[] = [];
  for (let index = 0; index < EDITS; index += 1) {
    await edit();
    crowds.push(await run(CROWD, AFTER_EDIT_SECONDS));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const p99s = crowds.map((crowd) => crowd.latency.p99);
  return {
    first: firstMs,
    aloneP50: firstMs,
    aloneP99: firstMs,
    rps: median(crowds.map((crowd) => crowd.requests.average)),
    p50: median(crowds.map((crowd) => crowd.latency.p50)),
    p99: median([...p99s]),
    p99Spread: [Math.min(...p99s), Math.max(...p99s)],
    max: Math.max(...crowds.map((crowd) => crowd.latency.max)),
    errors: crowds.reduce((sum, crowd) => sum + crowd.errors + crowd.timeouts, 0),
    status5xx: crowds.reduce((sum, crowd) => sum + crowd['5xx'], 0),
  };
}

/** "(31–44)": the crowd runs' lowest and highest p99, when there were several. */
export const spreadOf = (figures: Figures) =>
  CROWD_RUNS > 1 ? `(${figures.p99Spread[0].toFixed(0)}–${figures.p99Spread[1].toFixed(0)})` : '';
