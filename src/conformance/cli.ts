/**
 * `estatedesk-conformance`: checks a server that claims to answer the EstateDesk API (the
 * reference server or an agency's own) against the contract, and prints a pass/fail table.
 *
 * @example
 * npx estatedesk-conformance --api https://api.agency.example --user admin@agency.example --password '…' \
 *   [--second-company-user … --second-company-password …] [--change-own-account] [--junit report.xml]
 */
import { writeFileSync } from 'node:fs';
import { runConformance } from './run';
import { exitCodeOf, junit, table } from './table';

const USAGE = `usage: estatedesk-conformance --api URL --user EMAIL --password PASSWORD
       [--second-company-user EMAIL --second-company-password PASSWORD] [--change-own-account] [--junit FILE]

Signs in, walks the calls the account's permissions allow, creating and deleting only records of
its own (named conformance-…), and checks every answer against the EstateDesk contract. What it
changes of the account and its company (profile, preferences, two-factor, company profile) it puts
back as it was. With a second company's account, each record it created must answer 404 to that
account. --change-own-account also replaces the account's avatar (no call removes one), changes its
password and back, ends its other sessions (other devices are signed out), and makes and revokes a
calendar feed link (one the account had stops working). Exit code 0 when all pass, 1 when any
fails, 2 for bad arguments.`;

/** Options without a value. */
const FLAGS = new Set(['--change-own-account']);

function argsOf(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; ) {
    const name = argv[i]!;
    if (FLAGS.has(name)) {
      out[name.slice(2)] = 'yes';
      i += 1;
      continue;
    }
    const value = argv[i + 1];
    if (!name.startsWith('--') || value === undefined) throw new Error(`unexpected ${name}`);
    out[name.slice(2)] = value;
    i += 2;
  }
  return out;
}

async function main(): Promise<number> {
  let args: Record<string, string>;
  try {
    args = argsOf(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!args.api || !args.user || !args.password) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const checks = await runConformance({
    api: args.api,
    user: args.user,
    password: args.password,
    secondUser: args['second-company-user'],
    secondPassword: args['second-company-password'],
    changeOwnAccount: args['change-own-account'] === 'yes',
  });
  process.stdout.write(table(checks));
  if (args.junit) writeFileSync(args.junit, junit(checks));
  return exitCodeOf(checks);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
