#!/usr/bin/env bash
# Offline default vs LLM extraction + judge vs cascade, on one fixed slice
# (first 8 rows of each HaluEval test task = 48 answers, first 30 WiCE dev claims),
# with Qwen2.5-Coder-1.5B-Instruct in process (needs toulmin[llamacpp]).
#
#     bash benchmarks/llm_modes.sh [ROWS] [WICE_ROWS]
#
# The LLM's replies go to a response cache of their own, so an interrupted run
# picks up where it stopped, and the cascade runs reuse the replies of the LLM run
# for the claims they send (same prompts). Results: benchmarks/results/pipeline-llm-*.json
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-8}
WICE=${2:-30}
GGUF=$(python benchmarks/qwen_gguf.py)
CACHE=${TOULMIN_BENCH_CACHE:-$HOME/.cache/toulmin/bench-llm-cache.sqlite}
SLICE=(--rows "$ROWS" --wice-rows "$WICE" --parts halueval,wice)
LLM=(--set llm.provider=llamacpp --set "llm.model=$GGUF" --set "llm.cache_path=$CACHE")
python benchmarks/pipeline.py "${SLICE[@]}" --tag llm-offline
python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set extract.backend=llm --set decide.judge=llm --tag llm-llm
python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set extract.backend=llm --set decide.judge=cascade --tag llm-cascade-llmextract
python benchmarks/pipeline.py "${SLICE[@]}" "${LLM[@]}" --set decide.judge=cascade --tag llm-cascade
