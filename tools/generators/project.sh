#!/usr/bin/env bash
# Lays down a new Nx project in the house shape, so every context looks like the last.
# usage: tools/generators/project.sh lib <name> <type-tag> [extra-tag...]
#        tools/generators/project.sh app <name> [extra-tag...]
set -euo pipefail
cd "$(dirname "$0")/../.."
kind=$1 name=$2; shift 2
if [ "$kind" = lib ]; then
  root=libs/$name; type=$1; shift; tags=("type:$type" "$@"); ptype=library
else
  root=apps/$name; tags=("type:app" "$@"); ptype=application
fi
[ -e "$root/project.json" ] && { echo "$root exists" >&2; exit 1; }
mkdir -p "$root/src"
tag_json=$(printf '"%s",' "${tags[@]}"); tag_json="[${tag_json%,}]"
cat > "$root/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "projectType": "$ptype",
  "sourceRoot": "$root/src",
  "tags": $tag_json,
  "targets": {
    "lint": {},
    "typecheck": {},
    "test": {},
    "integration": {},
    "e2e": {}
  }
}
JSON
cat > "$root/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "types": ["node", "jest"] },
  "include": ["src/**/*.ts", "test/**/*.ts"]
}
JSON
cat > "$root/jest.config.cjs" <<JS
module.exports = require('../../jest.preset.cjs').makeJestConfig('$root');
JS
if [ "$kind" = lib ] && [ ! -e "$root/src/index.ts" ]; then
  printf '// Public surface of the %s library: other projects import only from here.\n' "$name" > "$root/src/index.ts"
fi
echo "created $root (${tags[*]})"
