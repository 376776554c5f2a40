/**
 * Saves a downloaded file: the API client fetched it (with the auth header), so the browser gets
 * it through a temporary object URL and a `download` link rather than a plain navigation.
 */

/**
 * Offers `blob` to the user as `fileName`.
 *
 * @example
 * saveFile(await api.sampleFile(), 'leads-sample.csv');
 */
export function saveFile(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: some browsers start the download only after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
