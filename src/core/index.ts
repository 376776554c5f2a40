/**
 * EstateDesk core: everything below React. Config, storage, the session store, `can()`, the API
 * client, toasts, formatting, events, and `createRuntime()` that ties them together.
 *
 * @example
 * import { createRuntime, can, formatCurrency } from './core';
 */
export * from './config';
export * from './storage';
export * from './session';
export * from './can';
export * from './token';
export * from './ApiError';
export {
  createApiClient,
  type AnySchema,
  type ApiCall,
  type ApiClient,
  type ApiClientOptions,
  type ApiRequest,
  type ApiUpload,
  type HttpMethod,
  type RequestOptions,
  type SchemaRequestOptions,
  type UploadOptions,
} from './api';
export * from './toasts';
export * from './format';
export * from './events';
export * from './liveUpdates';
export * from './runtime';
export * from './location';
export * from './matchPath';
export * from './originAccess';
