import { randomUUID } from 'node:crypto';

export const DRAFT_AAD_PREFIX = 'draft:';

/** A one-off AAD for a credential in transit to a test: it opens for that one test only. */
export function draftSecretAad(): string {
  return `${DRAFT_AAD_PREFIX}${randomUUID()}`;
}
