#!/usr/bin/env bash
# Runs the protocol transcripts (bench/transcripts/scripts) through two `menagerie` binaries and
# diffs them: `bench/transcripts/compare.sh OLD_BINARY NEW_BINARY`. Exit status 0: identical.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/run.py" "$1" "$work/old" >/dev/null
python3 "$here/run.py" "$2" "$work/new" >/dev/null
if diff -r "$work/old" "$work/new"; then
    echo "transcripts identical: $(cat "$work"/old/*.out | wc -l) lines in $(ls "$work/old" | wc -l) files"
else
    exit 1
fi
