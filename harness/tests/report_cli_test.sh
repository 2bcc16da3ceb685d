#!/usr/bin/env bash
# `fuselab report` on the committed sample records: run twice into a scratch
# repository, every byte (plots included) is the same; then a corrupt record
# gives one error line with the file and the fix, exit code 2, and changes
# nothing.   usage: report_cli_test.sh FUSELAB SOURCE_DIR SCRATCH
set -euo pipefail
fuselab=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch/reports/runs"
cp "$src"/harness/tests/data/records/*.json "$src"/harness/tests/data/peer_records/*.json \
  "$scratch/reports/runs/"
report() {
  "$fuselab" --root "$src" --records-dir "$scratch/reports/runs" --log "$scratch/LOG.md" \
    report --reports-dir "$scratch/reports" "$@"
}
snapshot() { (cd "$scratch" && find . -type f -printf '%p %s\n' | sort && find . -type f -exec sha256sum {} + | sort); }

report
for f in README.md attention.md rope_standalone.md plots/attention-time.svg \
         plots/attention-copy-fraction.svg plots/attention-vs-pytorch.svg \
         plots/rope_standalone-time.svg plots/rope_standalone-copy-fraction.svg \
         plots/attention-lineage.svg plots/rope_standalone-lineage.svg; do
  [[ -s "$scratch/reports/$f" ]] || { echo "report did not write reports/$f" >&2; exit 1; }
done
grep -q '^## Summary$' "$scratch/LOG.md"
grep -q '^| \[2026-11-21\](reports/log/2026-11-21.md) | ' "$scratch/LOG.md"
grep -q '^### attention/v002_split_d — REFUTED$' "$scratch/reports/log/2026-11-21.md"
first=$(snapshot)
out=$(report 2>&1)
second=$(snapshot)
[[ "$first" == "$second" ]] || { echo "second report changed bytes" >&2; diff <(echo "$first") <(echo "$second") >&2; exit 1; }
grep -q 'report: 0 files written' <<<"$out" || { echo "$out" >&2; exit 1; }

before=$(snapshot)
echo '{"schema": 1, "run_id": "20261121T050000Z-vm-1", "experiments": [' \
  >"$scratch/reports/runs/20261121T050000Z-vm-1.json"
set +e
err=$(report 2>&1 >/dev/null)
rc=$?
set -e
rm "$scratch/reports/runs/20261121T050000Z-vm-1.json"
[[ $rc -eq 2 ]] || { echo "corrupt record: exit code $rc, expected 2" >&2; exit 1; }
[[ $(grep -c . <<<"$err") -eq 1 ]] || { echo "expected one error line: $err" >&2; exit 1; }
grep -q '20261121T050000Z-vm-1.json.*Fix:' <<<"$err" || { echo "$err" >&2; exit 1; }
after=$(snapshot)
[[ "$before" == "$after" ]] || { echo "a failed report changed files" >&2; exit 1; }
echo "report: byte-identical twice, corrupt record refused with nothing written"
