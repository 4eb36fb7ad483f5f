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
