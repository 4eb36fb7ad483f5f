import { type Request, type Response } from 'express';

/** What an array-bodied list tells in headers: the cursor of the next page and the total. */
export interface PageHeaders {
  next_cursor: string | null;
  total: number;
}

/**
 * Sets `X-Total-Count` and, when another page follows, `Link: <...>; rel="next"`: the request's own
 * path and query with `cursor` replaced, relative to the host, so it holds behind any proxy prefix.
 */
export function setPageHeaders(request: Request, response: Response, page: PageHeaders): void {
  response.setHeader('X-Total-Count', String(page.total));
  if (page.next_cursor === null) return;
  const url = new URL(request.originalUrl, 'http://host');
  url.searchParams.set('cursor', page.next_cursor);
  response.setHeader('Link', `<${url.pathname}${url.search}>; rel="next"`);
}
