import { getMetadataStorage } from 'class-validator';

type RuleStorage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<RuleStorage['getTargetValidationMetadatas']>;
type Target = Parameters<RuleStorage['getTargetValidationMetadatas']>[0];

const memoized = new WeakSet<RuleStorage>();

/**
 * class-validator looks a class's rules up again on every validation, and the lookup tests the
 * class against every class that has rules (an `instanceof` per class, over sixty here): about 4 %
 * of a runner's own JavaScript, which validates each event it publishes. A class's rules are fixed
 * once its decorators have run, so each lookup's answer is kept, per class and lookup options;
 * a rule registered afterwards (a class defined late, `registerDecorator` at runtime) forgets them
 * all. The storage is the one every validation in the process uses (Nest's ValidationPipe too).
 */
export function memoizeValidationRules(storage: RuleStorage = getMetadataStorage()): void {
  if (memoized.has(storage)) return;
  memoized.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let known = new Map<Target, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    // No groups and an empty list of groups select the same rules.
    const key = `${String(schema)}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0000')}`;
    let byOptions = known.get(target);
    if (byOptions === undefined) {
      byOptions = new Map();
      known.set(target, byOptions);
    }
    let rules = byOptions.get(key);
    if (rules === undefined) {
      rules = lookUp(target, schema, always, strictGroups, groups);
      byOptions.set(key, rules);
    }
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    known = new Map();
    register(metadata);
  };
}
