import { ApiProperty } from '@nestjs/swagger';

const TREATMENTS = ['allow', 'mask', 'redact'] as const;

/** `GET`/`PUT /suites/{id}/column-policy`: what failing-row samples show of each column. */
export class ColumnPolicyView {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...TREATMENTS] },
    description: 'Treatment per column name',
  })
  columns!: Record<string, (typeof TREATMENTS)[number]>;

  @ApiProperty({ enum: TREATMENTS, description: 'Treatment of a column the policy does not name' })
  default!: (typeof TREATMENTS)[number];
}

/** One column that looks personal, with the treatment suggested for its samples. */
export class ColumnPolicySuggestionItem {
  @ApiProperty()
  column!: string;

  @ApiProperty({ description: 'What the column looks like it holds (email, phone, name, ...)' })
  category!: string;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence!: number;

  @ApiProperty({ type: [String], description: 'Why: the name, the values seen' })
  reasons!: string[];

  @ApiProperty({ enum: TREATMENTS })
  treatment!: (typeof TREATMENTS)[number];
}

/** `POST /suites/{id}/column-policy/suggest`: the suggestions and the policy with them applied. */
export class ColumnPolicySuggestionReply {
  @ApiProperty({ type: [ColumnPolicySuggestionItem] })
  suggestions!: ColumnPolicySuggestionItem[];

  @ApiProperty({
    type: ColumnPolicyView,
    description: 'The current policy with a treatment added for each suggested column it does not name yet',
  })
  policy!: ColumnPolicyView;
}
