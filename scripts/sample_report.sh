#!/usr/bin/env bash
# The sample report of a batch run, for the bundled examples, in one command:
#   scripts/sample_report.sh [OUT.html]            (default: sample-report.html)
#   SCREENSHOT=docs/report.png scripts/sample_report.sh   also takes README's screenshot
# It verifies examples/batch.jsonl (verify-batch, one worker), then writes the report
# with the input's sources (each quote marked inside its source) and the hand labels in
# examples/batch_labels.jsonl (none of the three answers is fully grounded: seed-000 dates
# the fast-track designation March 2024 where its source says Q1 2024), which add the
# reliability diagram and the confusion matrix. The screenshot needs Playwright and
# Debian's /usr/bin/chromium, as tests/test_report_browser.py does.
set -euo pipefail
OUT=$(realpath -m "${1:-sample-report.html}")
SHOT=${SCREENSHOT:+$(realpath -m "$SCREENSHOT")}
cd "$(dirname "$0")/.."
RUN=$(mktemp -d)/run.jsonl
trap 'rm -rf "$(dirname "$RUN")"' EXIT
toulmin verify-batch examples/batch.jsonl -o "$RUN" --workers 1
toulmin report "$RUN" -o "$OUT" --input examples/batch.jsonl --labels examples/batch_labels.jsonl \
  --title "toulmin report: examples/batch.jsonl"
if [ -n "$SHOT" ]; then
  python scripts/report_screenshot.py "$OUT" "$SHOT"
fi
