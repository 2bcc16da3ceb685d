#!/usr/bin/env bash
# The source of one commit, for `fuselab run ID... --at COMMIT` (and `rerun
# --exact`) where the tree has no .git, as on the lent GPU machine (carry
# .source-archives there): .source-archives/<full sha>.tar.gz, made by git
# archive without reports/ and OPTIMIZATION_LOG.md (a build needs no records).
#   scripts/source_archive.sh COMMIT
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 1 ]] || { echo "usage: scripts/source_archive.sh COMMIT" >&2; exit 2; }
sha=$(git rev-parse --verify --quiet "$1^{commit}") \
  || { echo "source_archive: '$1' is not a commit of this repository. Fix: name one of \`git log\`" >&2; exit 2; }
mkdir -p .source-archives
out=.source-archives/$sha.tar.gz
git archive --format=tar.gz -o "$out.tmp" "$sha" -- . ':(exclude)reports' ':(exclude)OPTIMIZATION_LOG.md'
mv "$out.tmp" "$out"
echo "$out ($(du -h "$out" | cut -f1))"
