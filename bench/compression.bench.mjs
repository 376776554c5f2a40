/**
 * What compressing the API's answers costs and saves (plugins/compression.ts): the built server on
 * a temp DATA_DIR with BENCH_LEADS leads in Skyline (default 20,000), then, one request at a time,
 * the leads list (10 and 50 rows, as the board asks) and a search (10 rows, and 1,000 as the
 * widget's "show all" asks), each asked ROUNDS times (BENCH_COMPRESSION_ROUNDS, default 200) with
 * `Accept-Encoding: identity`, `gzip` and `br`. Rows: the bytes on the wire, the server's CPU per
 * request (from /proc: the row that stays true while other work shares the cores) and the median
 * time to the last byte on 127.0.0.1 (where the network costs nothing, so it shows only the cost).
 *
 * Needs the built server (`npm run bench` builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, seedLeads, signIn, startServer } from './lib/serverProcess.mjs';

const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_COMPRESSION_ROUNDS ?? 200);
const ENCODINGS = ['identity', 'gzip', 'br'];
/** Matches a few thousand of the seeded leads (a common surname), so 1,000 rows come back. */
const BROAD_TERM = 'sharma';
const round = (n, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One GET with keep-alive; resolves with the bytes as sent (still compressed) and the ms to the last byte. */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, ms: performance.now() - start, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export default async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-compression-'));
  seedLeads(dataDir, LEADS);
  const server = await startServer(dataDir, { env: { LIMIT_SEARCHES_PER_MINUTE: '1000000' } });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { token, workflows } = await signIn(server.url);
    const open = [...workflows.values()][0];
    const list = (query) => `${server.url}/api/v1/leads/list/workflow/${open}?${query}`;
    const cases = [
      ['leads list, 10 rows', list('pageSize=10&pageNumber=1')],
      ['leads list, 50 rows', list('pageSize=50&pageNumber=1')],
      [`search "${BROAD_TERM}", 10 rows`, list(`pageSize=10&pageNumber=1&search=${BROAD_TERM}`)],
      [`search "${BROAD_TERM}", 1,000 rows`, list(`pageSize=1000&pageNumber=1&search=${BROAD_TERM}`)],
    ];
    const rows = [];
    for (const [label, url] of cases) {
      const plainCpu = {};
      for (const encoding of ENCODINGS) {
        const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        for (let i = 0; i < 20; i++) await get(agent, url, headers); // warm-up
        const times = [];
        let bytes = 0;
        let sentAs = '';
        const before = cpuMs(server.pid);
        for (let i = 0; i < ROUNDS; i++) {
          const answer = await get(agent, url, headers);
          times.push(answer.ms);
          bytes = answer.bytes;
          sentAs = answer.encoding;
        }
        const cpu = (cpuMs(server.pid) - before) / ROUNDS;
        plainCpu[encoding] = cpu;
        const name = `${label}, asked ${encoding}${sentAs === encoding ? '' : ` (sent ${sentAs})`}`;
        rows.push(
          { benchmark: 'compression', metric: `${name}: bytes on the wire`, value: round(bytes / 1024, 1), unit: 'KB' },
          { benchmark: 'compression', metric: `${name}: server CPU per request`, value: round(cpu), unit: 'ms' },
          { benchmark: 'compression', metric: `${name}: time to last byte p50`, value: round(median(times), 2), unit: 'ms' },
        );
      }
      rows.push({ benchmark: 'compression', metric: `${label}: CPU brotli adds per request`, value: round(plainCpu.br - plainCpu.identity), unit: 'ms' });
    }
    return rows;
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
