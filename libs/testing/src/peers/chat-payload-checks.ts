import Ajv, { type ValidateFunction } from 'ajv';
import { ADAPTIVE_CARD_SCHEMA } from './schemas/adaptive-card.schema';

/** Block Kit limits (https://api.slack.com/reference/block-kit/blocks). */
const SLACK_MAX_BLOCKS = 50;
const SLACK_TEXT_MAX: Record<string, number> = { section: 3000, header: 150, context: 3000 };
const SLACK_BLOCK_TYPES = new Set(['section', 'header', 'divider', 'context', 'actions']);

/**
 * What Slack would refuse or misdraw in an incoming-webhook message: no fallback `text`, more than
 * 50 blocks, an unknown block type, a text object of the wrong kind or over its limit, a button
 * without a URL. Slack publishes no single JSON schema for Block Kit, so the rules are checked here.
 */
export function blockKitProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (body === null || typeof body !== 'object') return ['body is not a JSON object'];
  const message = body as { text?: unknown; blocks?: unknown };
  if (typeof message.text !== 'string' || message.text.trim() === '') problems.push('no fallback text');
  if (message.blocks === undefined) return problems;
  if (!Array.isArray(message.blocks)) return [...problems, 'blocks is not an array'];
  if (message.blocks.length > SLACK_MAX_BLOCKS)
    problems.push(`${message.blocks.length} blocks (max ${SLACK_MAX_BLOCKS})`);
  message.blocks.forEach((raw: unknown, i: number) => {
    const block = raw as { type?: string; text?: { type?: string; text?: unknown }; elements?: unknown[] };
    const where = `blocks[${i}]`;
    if (typeof block.type !== 'string' || !SLACK_BLOCK_TYPES.has(block.type)) {
      problems.push(`${where}: unknown block type ${String(block.type)}`);
      return;
    }
    const max = SLACK_TEXT_MAX[block.type];
    if (block.type === 'section' || block.type === 'header') {
      const text = block.text;
      const kinds = block.type === 'header' ? ['plain_text'] : ['plain_text', 'mrkdwn'];
      if (text === undefined || typeof text.text !== 'string' || !kinds.includes(text.type ?? '')) {
        problems.push(`${where}: missing or wrong text object`);
      } else if (text.text.length === 0 || text.text.length > max) {
        problems.push(`${where}: text of ${text.text.length} characters (1..${max})`);
      }
    }
    if (block.type === 'context' || block.type === 'actions') {
      if (
        !Array.isArray(block.elements) ||
        block.elements.length === 0 ||
        block.elements.length > (block.type === 'context' ? 10 : 25)
      ) {
        problems.push(`${where}: elements missing or too many`);
        return;
      }
      for (const element of block.elements as Array<Record<string, unknown>>) {
        if (block.type === 'actions' && element.type === 'button') {
          const label = element.text as { type?: string; text?: string } | undefined;
          if (label?.type !== 'plain_text' || typeof label.text !== 'string' || label.text.length > 75)
            problems.push(`${where}: button label`);
          if (typeof element.url !== 'string' || element.url.length > 3000)
            problems.push(`${where}: button url`);
        } else if (
          block.type === 'context' &&
          (typeof element.text !== 'string' || element.text.length > max)
        ) {
          problems.push(`${where}: context element text`);
        }
      }
    }
  });
  return problems;
}

let validateCard: ValidateFunction | undefined;

/**
 * What a Teams Workflows webhook would refuse: not a `message` with one Adaptive Card attachment, or
 * a card that does not validate against the Adaptive Card 1.5 schema of the elements alerts use.
 */
export function teamsMessageProblems(body: unknown): string[] {
  const message = body as { type?: unknown; attachments?: unknown } | null;
  if (message === null || typeof message !== 'object') return ['body is not a JSON object'];
  if (message.type !== 'message') return ['type is not "message"'];
  if (!Array.isArray(message.attachments) || message.attachments.length !== 1)
    return ['not exactly one attachment'];
  const attachment = message.attachments[0] as { contentType?: unknown; content?: unknown };
  if (attachment.contentType !== 'application/vnd.microsoft.card.adaptive')
    return ['attachment is not an Adaptive Card'];
  validateCard ??= new Ajv({ allErrors: true }).compile(ADAPTIVE_CARD_SCHEMA);
  if (validateCard(attachment.content)) return [];
  return (validateCard.errors ?? []).map((e) => `content${e.instancePath} ${e.message ?? 'invalid'}`);
}
