// Saving data the page already holds as a file: a Blob behind a temporary object URL and a
// hidden <a download>, so no second request is made and the browser's own download UI takes over.

/** A timestamp safe in a file name on every system: ISO 8601 with ':' and '.' turned into '-'
 *  (2026-11-22T03:04:05.123Z becomes 2026-11-22T03-04-05-123Z). */
export function fileNameTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Offers text the page already holds as a file named `filename` of the given media type. */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click's task: the download has taken hold of the blob by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Offers `data` as a pretty-printed JSON file named `filename`. */
export function downloadJson(filename: string, data: unknown): void {
  downloadText(filename, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}
