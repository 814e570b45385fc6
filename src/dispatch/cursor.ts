/**
 * Page cursors are the API's own page links, made opaque and relative to the product
 * base URL, plus how many rows of that page were already shown. Following the link
 * verbatim keeps every filter the API put in it; the row offset lets an answer stop
 * inside one API page (reporting pages hold 1000 rows) and go on from there. The
 * base URL always comes from configuration, never from tool input.
 */

export interface PagePosition {
  /** The API page: path and query below the product base URL. */
  page: string;
  /** Rows of that page already returned. */
  skip: number;
}

/** The page link relative to the base URL, or null when it points elsewhere. */
export function relativeLink(link: string, baseUrl: string): string | null {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const target = new URL(link, `${baseUrl}/`);
  if (!target.pathname.startsWith(`${basePath}/`)) return null;
  return target.pathname.slice(basePath.length) + target.search;
}

/** A list's link to its next page that leads away from the base URL: never followed, so the list has no readable end. */
export class LinkElsewhere extends Error {
  override name = 'LinkElsewhere';
  constructor(readonly link: string) {
    super('the link to the next page leads away from the API base URL');
  }
}

/** The page after this one, relative to the base URL; null at the end of the list. Throws LinkElsewhere. */
export function nextPage(links: Readonly<Record<string, string | null>> | null | undefined, baseUrl: string): string | null {
  const next = links?.next;
  if (!next) return null;
  const page = relativeLink(next, baseUrl);
  if (page === null) throw new LinkElsewhere(next);
  return page;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not a cursor of the list at `listPath`. */
export function decodeCursor(cursor: string, listPath: string): PagePosition | null {
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<PagePosition>;
    const { page, skip } = position;
    if (typeof page !== 'string' || typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0) return null;
    return page.split('?')[0] === listPath ? { page, skip } : null;
  } catch {
    return null;
  }
}
