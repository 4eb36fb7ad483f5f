import type { Response } from 'express';

/** The error page may style itself and link back; nothing else. */
const ERROR_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A plain page for a sign-in that could not finish (the app is not loaded on the callback): what
 * happened and a link back to the sign-in page. Never a stack trace, never a 500 for a bad request.
 */
export function sendSignInErrorPage(res: Response, status: number, title: string, message: string): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
a{color:#1c7ed6}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p data-testid="sign-in-error">${escapeHtml(message)}</p>
<p><a href="/sign-in">Back to sign-in</a></p></main></body></html>`;
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', ERROR_PAGE_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(body);
}
