#!/usr/bin/env bash
# Makes (or refreshes) the virtual environment of the Python test peers: .venv-peers at the
# repository root, with the pinned tools/peers/requirements.txt. Idempotent: a venv whose recorded
# requirements match is left alone. Prints the venv's path.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="${DQ_PEERS_VENV:-$ROOT/.venv-peers}"
REQUIREMENTS="$ROOT/tools/peers/requirements.txt"
STAMP="$VENV/.requirements.sha256"
WANT="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"

if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" ]]; then
  echo "$VENV"
  exit 0
fi
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || { echo "peers venv: $PYTHON not found" >&2; exit 1; }
"$PYTHON" -m venv "$VENV" >&2
"$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$REQUIREMENTS" >&2
echo "$WANT" >"$STAMP"
echo "$VENV"
