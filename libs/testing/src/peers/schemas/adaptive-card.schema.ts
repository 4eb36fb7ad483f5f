/**
 * A JSON schema for the Adaptive Card 1.5 elements alert cards use, written from the published
 * element reference (https://adaptivecards.io/explorer/, https://learn.microsoft.com/adaptive-cards/).
 * Enumerations follow the reference's spelling; unknown element types and properties are refused,
 * so a renderer change that Teams would drop or misdraw fails the test.
 */
const spacing = { enum: ['None', 'Small', 'Default', 'Medium', 'Large', 'ExtraLarge', 'Padding'] };

export const ADAPTIVE_CARD_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'dq:adaptive-card-1.5-subset',
  definitions: {
    TextBlock: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'text'],
      properties: {
        type: { const: 'TextBlock' },
        text: { type: 'string', minLength: 1 },
        size: { enum: ['Default', 'Small', 'Medium', 'Large', 'ExtraLarge'] },
        weight: { enum: ['Default', 'Lighter', 'Bolder'] },
        color: { enum: ['Default', 'Dark', 'Light', 'Accent', 'Good', 'Warning', 'Attention'] },
        isSubtle: { type: 'boolean' },
        wrap: { type: 'boolean' },
        maxLines: { type: 'integer', minimum: 1 },
        spacing,
        separator: { type: 'boolean' },
        id: { type: 'string' },
      },
    },
    FactSet: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'facts'],
      properties: {
        type: { const: 'FactSet' },
        facts: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['title', 'value'],
            properties: { title: { type: 'string' }, value: { type: 'string' } },
          },
        },
        spacing,
        separator: { type: 'boolean' },
        id: { type: 'string' },
      },
    },
    Container: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'items'],
      properties: {
        type: { const: 'Container' },
        items: { type: 'array', items: { $ref: '#/definitions/Element' } },
        style: { enum: ['default', 'emphasis', 'good', 'attention', 'warning', 'accent'] },
        spacing,
        separator: { type: 'boolean' },
        id: { type: 'string' },
      },
    },
    Element: {
      oneOf: [
        { $ref: '#/definitions/TextBlock' },
        { $ref: '#/definitions/FactSet' },
        { $ref: '#/definitions/Container' },
      ],
    },
    'Action.OpenUrl': {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'url'],
      properties: {
        type: { const: 'Action.OpenUrl' },
        url: { type: 'string', pattern: '^https?://' },
        title: { type: 'string' },
        id: { type: 'string' },
      },
    },
  },
  type: 'object',
  additionalProperties: false,
  required: ['type', 'version'],
  properties: {
    $schema: { type: 'string' },
    type: { const: 'AdaptiveCard' },
    version: { type: 'string', pattern: '^1\\.[0-5]$' },
    body: { type: 'array', items: { $ref: '#/definitions/Element' } },
    actions: { type: 'array', items: { $ref: '#/definitions/Action.OpenUrl' } },
    msteams: { type: 'object' },
  },
} as const;
