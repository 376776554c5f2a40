/**
 * Up to two initials for an avatar: first letters of the first and last words, or the first
 * letter of an e-mail-like single word.
 *
 * @example
 * initials('Asha Rao')          // "AR"
 * initials('Kiran Kumar Shetty') // "KS"
 * initials('admin@example.com') // "A"
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/[\s@._-]+/u).filter(Boolean);
  const firstWord = words[0];
  if (!firstWord) return '?';
  const first = Array.from(firstWord)[0] ?? '';
  if ((name ?? '').includes('@') || words.length === 1) return first.toUpperCase();
  const last = Array.from(words[words.length - 1] ?? '')[0] ?? '';
  return (first + last).toUpperCase();
}
