import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ServiceName } from '@dq/contracts';
import { platformModules } from '../bootstrap/bootstrap-service';
import { type HttpServiceConfig } from '../config/base-service-config';
import { type HttpOpenApiOptions, UNPREFIXED_ROUTES } from '../http/configure-http-app';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/**
 * A service's OpenAPI document without running it: its modules are scanned in Nest's preview
 * mode (no provider is built, nothing connects), with the routes and prefix it serves them under.
 */
export async function serviceOpenApiDocument(options: {
  service: ServiceName;
  config: HttpServiceConfig;
  module: Type | DynamicModule;
  http: { globalPrefix?: string; openApi: HttpOpenApiOptions };
}): Promise<OpenApiDocument> {
  @Module({ imports: [...platformModules(options), options.module] })
  class OpenApiRootModule {}
  const app = await NestFactory.create(OpenApiRootModule, { preview: true, logger: false });
  try {
    const { globalPrefix, openApi } = options.http;
    if (globalPrefix) app.setGlobalPrefix(globalPrefix, { exclude: [...UNPREFIXED_ROUTES] });
    return buildOpenApiDocument(app, {
      title: openApi.title,
      ...(globalPrefix ? { globalPrefix } : {}),
      ...(openApi.routeFacts ? { routeFacts: openApi.routeFacts } : {}),
      ...(openApi.variants ? { variants: openApi.variants } : {}),
      ...(openApi.fieldSchemas ? { fieldSchemas: openApi.fieldSchemas } : {}),
    });
  } finally {
    await app.close();
  }
}
