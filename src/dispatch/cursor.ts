/**
 * Page cursors are the API's own `links.next`, made opaque and relative to the
 * product base URL. Following the link verbatim keeps every filter the API put in
 * it, and the base URL always comes from configuration, never from tool input.
 */

export function encodeCursor(nextLink: string, baseUrl: string): string | null {
  const base = new URL(baseUrl);
  const next = new URL(nextLink, `${baseUrl}/`);
  const basePath = base.pathname.replace(/\/$/, '');
  if (!next.pathname.startsWith(`${basePath}/`)) return null;
  return Buffer.from(next.pathname.slice(basePath.length) + next.search, 'utf8').toString('base64url');
}

/** The relative path and query of the page, or null when the cursor is not one of this list's. */
export function decodeCursor(cursor: string, listPath: string): string | null {
  const relative = Buffer.from(cursor, 'base64url').toString('utf8');
  const [path] = relative.split('?');
  if (path !== listPath || !relative.includes('?')) return null;
  return relative;
}
