import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONNECTION_KINDS, type ConnectionKind } from '../connections/connection-kind';
import { FILE_ENCODINGS, type FileEncoding } from './file-encoding';

/** The portable suite document's format marker and version (bumped only on a breaking change). */
export const SUITE_DOCUMENT_FORMAT = 'dq-suite';
export const SUITE_DOCUMENT_VERSION = 1;

/** A connection as a document names it: environments differ in ids, not in names. */
export class DocumentConnectionRef {
  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: CONNECTION_KINDS })
  kind!: ConnectionKind;
}

export class SuiteDocumentCheck {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  kind!: string;

  @ApiProperty({ type: String, nullable: true })
  engine!: string | null;

  @ApiProperty()
  dimension!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  thresholds!: Record<string, unknown> | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'As stored, except that each `<x>_connection_id` is written as `<x>_connection: {name, kind}`',
  })
  config!: Record<string, unknown>;

  @ApiProperty()
  enabled!: boolean;
}

export class SuiteDocumentSuite {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  target!: string;

  @ApiProperty()
  time_zone!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  column_policy!: Record<string, unknown>;

  /** Present when the suite names one (flat-file suites); absent means `utf-8`. */
  @ApiPropertyOptional({ enum: FILE_ENCODINGS })
  file_encoding?: FileEncoding;

  @ApiProperty({ type: DocumentConnectionRef })
  connection!: DocumentConnectionRef;
}

/** `GET /suites/{id}/export`: everything needed to recreate the suite elsewhere, no ids, no secrets. */
export class SuiteDocument {
  @ApiProperty({ enum: [SUITE_DOCUMENT_FORMAT] })
  format!: typeof SUITE_DOCUMENT_FORMAT;

  @ApiProperty({ type: 'integer', enum: [SUITE_DOCUMENT_VERSION] })
  format_version!: typeof SUITE_DOCUMENT_VERSION;

  @ApiProperty({ format: 'date-time' })
  exported_at!: string;

  @ApiProperty({ type: SuiteDocumentSuite })
  suite!: SuiteDocumentSuite;

  @ApiProperty({ type: [SuiteDocumentCheck] })
  checks!: SuiteDocumentCheck[];
}
