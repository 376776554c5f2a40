/**
 * The search comparison of `leads.bench.mjs`, the same on either engine: each term through
 * `indexed` (the server's statements on the search index) and then `scan` (the same search without
 * the index), each timed; both return how many leads match, and must agree. Round 0 warms the
 * caches and the statements up and is not counted (as the list load's warm-up): the times are of
 * a running server, not its first minute.
 *
 * @param {string[]} searches
 * @param {{ indexed: (term: string) => number | Promise<number>, scan: (term: string) => number | Promise<number> }} ways
 * @returns {Promise<{ indexedTimes: number[], scanTimes: number[], matches: Record<string, number> }>}
 */
export async function searchRounds(searches, { indexed, scan }, rounds = 6) {
  const indexedTimes = [];
  const scanTimes = [];
  const matches = {};
  const time = async (fn) => {
    const start = performance.now();
    const value = await fn();
    return { ms: performance.now() - start, value };
  };
  for (let round = 0; round < rounds; round++) {
    for (const term of searches) {
      const onIndex = await time(() => indexed(term));
      const scanned = await time(() => scan(term));
      if (scanned.value !== onIndex.value) throw new Error(`search "${term}": index ${onIndex.value} rows, scan ${scanned.value}`);
      matches[term] = onIndex.value;
      if (round > 0) {
        indexedTimes.push(onIndex.ms);
        scanTimes.push(scanned.ms);
      }
    }
  }
  return { indexedTimes, scanTimes, matches };
}

/** A LIKE/ILIKE pattern matching `text` anywhere, `\` escaping (server search.ts `containsPattern`). */
export const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
