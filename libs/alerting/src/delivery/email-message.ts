import type { DeliveryPayload } from './alert-payload.builder';
import { POLL_FAILURE_HINT, alertTitle, checkLine, countsLine, pollFailureFacts } from './text';

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

export function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The alert as a mail with a plain-text and an HTML part carrying the same lines. */
export function renderAlertEmail(payload: DeliveryPayload): AlertEmail {
  const title = alertTitle(payload);
  // A subject is one line: a suite name with a line break must not inject headers.
  const subject = title.replace(/[\r\n]+/g, ' ').slice(0, 200);
  if (payload.type === 'poll_failure') {
    const lines = [
      payload.summary,
      '',
      ...pollFailureFacts(payload).map((fact) => `${fact.title}: ${fact.value}`),
      '',
      POLL_FAILURE_HINT,
    ];
    const html = [
      '<!doctype html><html><body>',
      `<h2>${htmlEscape(title)}</h2>`,
      ...lines.filter((l) => l !== '').map((l) => `<p>${htmlEscape(l)}</p>`),
      '</body></html>',
    ].join('\n');
    return { subject, text: lines.join('\n'), html };
  }
  const head = [
    payload.summary,
    `Run ${payload.run.id}: ${payload.run.status}${payload.run.trigger ? ` (${payload.run.trigger})` : ''}`,
    `Checks: ${countsLine(payload)}`,
  ];
  const lines = payload.checks.map(checkLine);
  const link = payload.run.url === null ? [] : [`Open the run: ${payload.run.url}`];
  const text = [...head, '', ...lines.map((l) => `- ${l}`), '', ...link].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<h2>${htmlEscape(title)}</h2>`,
    ...head.map((l) => `<p>${htmlEscape(l)}</p>`),
    `<ul>${lines.map((l) => `<li>${htmlEscape(l)}</li>`).join('')}</ul>`,
    payload.run.url === null ? '' : `<p><a href="${htmlEscape(payload.run.url)}">Open the run</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
