import { Body, Controller, Get, Module, Param, Post, Query, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { Type as Nested } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { ErrorCode } from '@dq/contracts';
import { ApiErrors } from './api-errors.decorator';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiRouteFacts } from './openapi-document';

class WidgetSize {
  @IsInt() @Min(1) @Max(10) width!: number;
}

class CreateWidgetRequest {
  @IsString() @Length(1, 20) name!: string;
  @IsIn(['round', 'square']) shape!: string;
  @IsOptional() @ValidateNested() @Nested(() => WidgetSize) size?: WidgetSize;
}

class RoundOptions {
  @IsInt() radius!: number;
}

class WidgetListQuery {
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
}

class WidgetResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

@Controller('widgets')
class WidgetsController {
  @Get()
  @ApiOperation({ operationId: 'list_widgets' })
  @ApiOkResponse({ type: [WidgetResponse] })
  list(@Query() _query: WidgetListQuery): WidgetResponse[] {
    return [];
  }

  @Post()
  @ApiOperation({ operationId: 'create_widget' })
  @ApiCreatedResponse({ type: WidgetResponse })
  @ApiResponse({ status: 409, description: '`conflict`: the name is taken' })
  @ApiErrors(ErrorCode.Conflict)
  create(@Body() _body: CreateWidgetRequest): WidgetResponse {
    return { id: 'x', note: null };
  }

  @Get(':id')
  @ApiOperation({ operationId: 'get_widget' })
  @ApiOkResponse({ type: WidgetResponse })
  get(@Param('id') id: string): WidgetResponse {
    return { id, note: null };
  }
}

@Controller('gadgets')
class GadgetsController {
  @Get()
  @ApiOperation({ operationId: 'list_gadgets' })
  @ApiResponse({ status: 409, description: 'undeclared' })
  list(): string[] {
    return [];
  }
}

async function documentOf(
  controller: Type,
  options: Partial<Parameters<typeof buildOpenApiDocument>[1]> = {},
): Promise<OpenApiDocument> {
  @Module({ controllers: [controller] })
  class TestModule {}
  const app = await NestFactory.create(TestModule, { preview: true, logger: false });
  try {
    app.setGlobalPrefix('api/v1');
    return buildOpenApiDocument(app, { title: 'Test', globalPrefix: 'api/v1', ...options });
  } finally {
    await app.close();
  }
}

const codesOf = (document: OpenApiDocument, path: string, method: string, status: string): unknown =>
  (
    document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema as
      | { allOf: [unknown, { properties: { error: { properties: { code: { enum: string[] } } } } }] }
      | undefined
  )?.allOf[1].properties.error.properties.code.enum;

describe('buildOpenApiDocument', () => {
  const guarded = (): OpenApiRouteFacts => ({
    public: false,
    errors: [ErrorCode.Unauthenticated, ErrorCode.RateLimited],
  });
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = await documentOf(WidgetsController, {
      routeFacts: guarded,
      variants: [{ dto: CreateWidgetRequest, by: 'shape', fields: { size: { round: RoundOptions } } }],
    });
  });

  it('writes OpenAPI 3.1, with request bodies and query parameters from the validation rules', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.schemas['CreateWidgetRequest']).toMatchObject({
      type: 'object',
      required: ['name', 'shape'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 20 },
        shape: { enum: ['round', 'square'] },
        size: { anyOf: [{ $ref: '#/components/schemas/WidgetSize' }, { type: 'null' }] },
      },
    });
    expect(document.components.schemas['WidgetSize']).toMatchObject({
      additionalProperties: false,
      properties: { width: { type: 'integer', minimum: 1, maximum: 10 } },
    });
    // A query value is text in the URL: never null, whatever the rule on an optional field.
    expect(document.paths['/api/v1/widgets']?.['get']?.parameters).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100 },
      },
    ]);
    expect(document.components.schemas['WidgetResponse']?.['properties']).toMatchObject({
      note: { type: ['string', 'null'] },
    });
  });

  it('states a variant per value of the field that picks it', () => {
    expect(document.components.schemas['CreateWidgetRequest']?.['oneOf']).toEqual([
      {
        type: 'object',
        properties: {
          shape: { const: 'round' },
          size: { anyOf: [{ $ref: '#/components/schemas/RoundOptions' }, { type: 'null' }] },
        },
      },
    ]);
  });

  it('lists each error status with its codes: the guard, the body, the path id and the route its own', () => {
    expect(codesOf(document, '/api/v1/widgets', 'post', '409')).toEqual(['conflict']);
    expect(document.paths['/api/v1/widgets']?.['post']?.responses['409']?.description).toBe(
      '`conflict`: the name is taken',
    );
    expect(codesOf(document, '/api/v1/widgets', 'post', '422')).toEqual([
      'invalid_json',
      'validation_failed',
    ]);
    expect(codesOf(document, '/api/v1/widgets', 'post', '413')).toEqual(['payload_too_large']);
    expect(codesOf(document, '/api/v1/widgets', 'get', '401')).toEqual(['unauthenticated']);
    expect(codesOf(document, '/api/v1/widgets', 'get', '422')).toEqual(['validation_failed']);
    expect(codesOf(document, '/api/v1/widgets', 'get', '404')).toBeUndefined();
    expect(codesOf(document, '/api/v1/widgets/{id}', 'get', '404')).toEqual(['not_found']);
    expect(document.paths['/api/v1/widgets']?.['get']?.security).toEqual([{ bearer: [] }]);
  });

  it('links a create to the operations under the new resource', () => {
    expect(document.paths['/api/v1/widgets']?.['post']?.responses['201']?.links).toEqual({
      get_widget: { operationId: 'get_widget', parameters: { id: '$response.body#/id' } },
    });
  });

  it('refuses an error status documented without a code', async () => {
    await expect(documentOf(GadgetsController)).rejects.toThrow(
      'GadgetsController.list documents 409 but no code of it',
    );
  });
});
