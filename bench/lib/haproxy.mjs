/**
 * Debian's haproxy in front of server processes, as docs/deploy.md sets it up: round robin,
 * health checks on /api/v1/health every half second (a process that stops answering is out after
 * two), connections that cannot be made retried on another process (the request never reached
 * the first, so this is safe for writes), the client's address passed on (X-Forwarded-For).
 *
 * For tests, a request may name its process with the header `x-route: <name>`, and every answer
 * says which process served it (`x-served-by`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, HOST } from './serverProcess.mjs';

/** The haproxy.cfg for `servers` ({ name, url }) behind 127.0.0.1:`port`. */
export function haproxyConfig(port, servers) {
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    '  option forwardfor',
    'frontend web',
    `  bind ${HOST}:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/v1/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    '  http-response set-header x-served-by %[srv_name]',
    ...servers.map(({ name }) => `  use-server ${name} if { req.hdr(x-route) -m str ${name} }`),
    ...servers.map(({ name, url }) => `  server ${name} ${new URL(url).host} check`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Starts haproxy in the foreground in front of `servers`; resolves once every server is up behind it.
 * @returns {Promise<{ url: string, stop: () => Promise<void>, output: () => string }>}
 */
export async function startHaproxy(servers, { bin = 'haproxy' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ed-haproxy-'));
  const port = await freePort();
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, servers));
  let output = '';
  const child = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 20_000;
  const seen = new Set();
  while (seen.size < servers.length) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy: not every server came up behind it in 20 s (${[...seen].join(', ')}): ${output}`);
    }
    for (const { name } of servers) {
      try {
        const res = await fetch(`${url}/api/v1/health`, { headers: { 'x-route': name } });
        if (res.ok && res.headers.get('x-served-by') === name) seen.add(name);
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
