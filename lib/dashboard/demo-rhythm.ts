/**
 * The rhythm of the demo's history: a small seeded generator (mulberry32), so that a fresh demo
 * holds the same data on every run (not for anything secret), its days, and how busy each one is.
 */
export interface DemoRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function demoRandom(seed: number): DemoRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

const DAY_MS = 86_400_000;

/** The history's days: `count` UTC midnights ending with today's, oldest first. */
export function historyDays(now: Date, count: number): Date[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * DAY_MS));
}

/**
 * An instant of a history day at `fraction` (0..1) of its working hours (07:00–22:00 UTC); on today, of the part
 * that has passed, so that nothing happens in the future.
 */
export function momentOf(day: Date, fraction: number, now: Date): Date {
  const from = day.getTime() + 7 * 3_600_000;
  const to = Math.min(day.getTime() + 22 * 3_600_000, now.getTime() - 60_000);
  const start = Math.min(from, Math.max(day.getTime(), to));
  return new Date(start + Math.max(0, to - start) * fraction);
}

/** How busy a day is: more recent days more (growth to three times), weekends about half. */
export function dayWeight(day: Date, index: number, count: number, random: DemoRandom): number {
  const growth = 1 + (2 * index) / Math.max(1, count - 1);
  const weekday = day.getUTCDay();
  const rhythm = weekday === 0 ? 0.45 : weekday === 6 ? 0.55 : 1;
  return growth * rhythm * (0.85 + 0.3 * random.next());
}

/** Splits `total` over weights so that the parts are integers and add up to it exactly (largest remainders). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}
