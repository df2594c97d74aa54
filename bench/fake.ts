/**
 * Deterministic fake data: the same seed gives the same database, so two benchmark runs measure the same thing.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often as 'b'. */
  weighted: <T>(choices: ReadonlyArray<readonly [T, number]>) => T;
  /** Up to `count` distinct items, earlier items favoured (popular skills are popular). */
  skewedSample: <T>(items: readonly T[], count: number) => T[];
  chance: (probability: number) => boolean;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  // mulberry32: small, fast and good enough for fake data.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
    skewedSample: (items, count) => {
      const chosen = new Set<(typeof items)[number]>();
      for (let tries = 0; chosen.size < Math.min(count, items.length) && tries < count * 20; tries++) {
        chosen.add(items[Math.floor(next() ** 2 * items.length)]);
      }
      return [...chosen];
    },
    chance: (probability) => next() < probability,
  };
}

const WORDS = (
  'team plan data customer onboarding warehouse training app video checklist manager process report design ' +
  'research market pricing model energy water school clinic patient volunteer community network platform ' +
  'analysis dashboard survey interview prototype launch budget risk partner supplier logistics delivery route ' +
  'inventory forecast quality safety compliance audit brand content campaign website mobile accessibility ' +
  'language translation mentor workshop pilot metric outcome impact cost revenue growth retention feedback ' +
  'support ticket workflow automation integration security privacy cloud migration legacy system'
).split(' ');

const SENTENCES = (() => {
  const random = createRandom(7);
  return Array.from({ length: 4096 }, () => {
    const words = Array.from({ length: random.int(8, 18) }, () => random.pick(WORDS)).join(' ');
    return `${words[0].toUpperCase()}${words.slice(1)}.`;
  });
})();

/** Plausible prose of about `length` characters, ending with a period: sentences drawn from a fixed pool. */
export function prose(random: Random, length: number): string {
  let text = random.pick(SENTENCES);
  while (text.length < length) text += ` ${random.pick(SENTENCES)}`;
  return text.length > length ? `${text.slice(0, Math.max(1, length - 1)).trimEnd()}.` : text;
}

export function title(random: Random): string {
  const words = Array.from({ length: random.int(3, 7) }, () => random.pick(WORDS));
  return words.join(' ').replace(/^./, (first) => first.toUpperCase());
}

/** Timestamps spread over the last `days` days, rising with `index` so that newer rows have larger ids. */
export function timeline(count: number, days: number, now = Date.now()): (index: number) => string {
  const start = now - days * 86_400_000;
  const step = (days * 86_400_000) / Math.max(1, count);
  return (index) => new Date(start + index * step).toISOString();
}
