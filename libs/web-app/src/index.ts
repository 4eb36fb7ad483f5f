// Public surface of the web app library: the app and the API seam it runs on.
export { App } from './app/app';
export { createWebApi, type WebApi } from './api/web-api';
export * from './api/api-error';
