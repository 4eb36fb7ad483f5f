export * from './api-errors.decorator';
export * from './dto-json-schemas';
export * from './openapi-31';
export * from './openapi-document';
export * from './service-openapi-document';
