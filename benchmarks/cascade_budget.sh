#!/usr/bin/env bash
# The LLM judge's cost against its accuracy (issue 33), on the development slices: the
# offline checker, the budgeted cascade at 0.1 / 0.25 / 0.5 of each answer's claims, the
# band cascade (0.2-0.8), and the LLM judging every claim, with Qwen2.5-Coder-1.5B-Instruct
# in process (needs toulmin[llamacpp]; benchmarks/qwen_gguf.py finds or fetches the GGUF).
#
#     bash benchmarks/cascade_budget.sh [ROWS] [WICE_ROWS]
#
# All runs share one reply cache: a cascade sends the LLM judge's own prompts, so the
# full-judge run, last, reuses the replies the cascades got and an interrupted run resumes.
# Results: benchmarks/results/pipeline-cascade-*.json (claims_decided_by_llm / claims is
# the LLM calls per claim).
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-4}
WICE=${2:-8}
GGUF=$(python benchmarks/qwen_gguf.py)
CACHE=${TOULMIN_BENCH_CACHE:-$HOME/.cache/toulmin/bench-cascade-cache.sqlite}
SLICE=(--rows "$ROWS" --wice-rows "$WICE" --parts halueval,wice --split dev)
LLM=(--set llm.provider=llamacpp --set "llm.model=$GGUF" --set "llm.cache_path=$CACHE")
python benchmarks/pipeline.py "${SLICE[@]}" --tag cascade-offline
for b in 0.1 0.25 0.5; do
    python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set decide.judge=cascade \
        --set decide.cascade_budget=$b --tag "cascade-budget-$b"
done
python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set decide.judge=cascade \
    --set decide.cascade_budget=null --tag cascade-band
python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set decide.judge=llm --tag cascade-llm
