import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen loaded with its area's chunk on first visit, so the first load carries only the frame,
 * sign-in and Home; the shell's Suspense shows a loader meanwhile.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
