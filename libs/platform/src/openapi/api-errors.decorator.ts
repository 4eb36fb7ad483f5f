import { type ErrorCode } from '@dq/contracts';

export const API_ERRORS_KEY = 'dq:openapi:errors';
export const API_CREATES_KEY = 'dq:openapi:creates';

/**
 * The error codes a route (or every route of a controller) answers besides those the platform,
 * the guard and the validation pipe give everywhere; the OpenAPI document lists them per status.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    const holder = (descriptor?.value as object | undefined) ?? target;
    const known = (Reflect.getMetadata(API_ERRORS_KEY, holder) as ErrorCode[] | undefined) ?? [];
    Reflect.defineMetadata(API_ERRORS_KEY, [...known, ...codes], holder);
  };
}

/** Where a route's 201 resource lives, and where its id is in the answer. */
export interface ApiCreatesTarget {
  path: string;
  idPointer: string;
}

/**
 * The route's 201 makes a resource that lives at another path than its own (a run triggered on a
 * suite lives under `runs/{id}`), or whose id is not the answer's `id`: the OpenAPI links of its
 * answer lead there. `path` is relative to the global prefix, its last parameter taking the new
 * id; `idPointer` is a JSON pointer into the answer (`/suite/id`).
 */
export function ApiCreates(path: string, idPointer = '/id'): MethodDecorator {
  return (_target: object, _key: string | symbol, descriptor: PropertyDescriptor): void => {
    const target: ApiCreatesTarget = { path, idPointer };
    Reflect.defineMetadata(API_CREATES_KEY, target, descriptor.value as object);
  };
}
