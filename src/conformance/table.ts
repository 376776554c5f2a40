/** The conformance results as a plain-text table and as JUnit XML (for CI). */
import type { Check } from './walk';

const xml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export function junit(checks: readonly Check[]): string {
  const failures = checks.filter((c) => !c.ok).length;
  const cases = checks
    .map((c) => `    <testcase classname="estatedesk.conformance" name="${xml(c.call)}" time="${(c.ms / 1000).toFixed(3)}">${c.skipped ? `<skipped message="${xml(c.detail)}"/>` : c.ok ? '' : `<failure message="${xml(c.detail)}"/>`}</testcase>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="estatedesk-conformance" tests="${checks.length}" failures="${failures}">\n${cases}\n  </testsuite>\n</testsuites>\n`;
}

export function table(checks: readonly Check[]): string {
  const width = Math.max(4, ...checks.map((c) => c.call.length));
  const lines = checks.map((c) => `${c.skipped ? 'skip' : c.ok ? 'pass' : 'FAIL'}  ${c.call.padEnd(width)}  ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  const skipped = checks.filter((c) => c.skipped).length;
  return `${lines.join('\n')}\n\n${checks.length - failed - skipped} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}

/** The command's exit code: 0 when every check passed (or was skipped), 1 when any failed. */
export const exitCodeOf = (checks: readonly Check[]): 0 | 1 => (checks.every((c) => c.ok) ? 0 : 1);
