import { type DynamicModule, type InjectionToken, type Provider, type Type } from '@nestjs/common';

/** Nest's module metadata keys ('providers', 'imports') as `@Module` stores them. */
type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => unknown };

/**
 * Every provider token a module and the modules it imports would build, read from their metadata
 * without instantiating anything (no database, no queue): what an app's module graph holds.
 */
export function providerTokensOf(root: ModuleRef): Set<InjectionToken> {
  const tokens = new Set<InjectionToken>();
  const seen = new Set<unknown>();
  const visit = (ref: ModuleRef | undefined): void => {
    if (ref === undefined || seen.has(ref)) return;
    seen.add(ref);
    if (ref instanceof Promise)
      throw new Error('an async dynamic module: read it before calling providerTokensOf');
    if ('forwardRef' in ref) return visit(ref.forwardRef() as ModuleRef);
    const dynamic = 'module' in ref ? ref : undefined;
    const type = dynamic ? dynamic.module : (ref as Type);
    const providers: Provider[] = [
      ...((Reflect.getMetadata('providers', type) as Provider[] | undefined) ?? []),
      ...(dynamic?.providers ?? []),
    ];
    for (const provider of providers)
      tokens.add(
        typeof provider === 'function' ? provider : (provider as { provide: InjectionToken }).provide,
      );
    const imports: ModuleRef[] = [
      ...((Reflect.getMetadata('imports', type) as ModuleRef[] | undefined) ?? []),
      ...((dynamic?.imports ?? []) as ModuleRef[]),
    ];
    for (const imported of imports) visit(imported);
  };
  visit(root);
  return tokens;
}
