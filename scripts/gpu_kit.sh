#!/usr/bin/env bash
# The GPU kit's one device command, the same at every call (docs/gpu-kit.md):
#   run(command="bash scripts/gpu_kit.sh", carry=[".gpu/part-N"])   # while parts remain
#   run(command="bash scripts/gpu_kit.sh")                          # until the job is done
# It takes in the parts the call carried, starts the job once the teacher's files are in,
# then waits up to WAIT_MIN minutes and hands back finished weights under $OUT.
# KIT_STOP=1 tells the running stage to checkpoint and end (a lease about to run out).
set -euo pipefail
GPU_DIR=${GPU_DIR:-.gpu}
KIT=${KIT:-/tmp/toulmin-kit}
RUNS=${RUNS:-/tmp/toulmin-runs}
OUT=${OUT:-/tmp/out}
DEVICE=${DEVICE:-cuda}
WAIT_MIN=${WAIT_MIN:-9}
SITE=${SITE:-/tmp/toulmin-site}
# toulmin imports pydantic, which the GPU image lacks: the first part carries its wheels.
if [ -d "$SITE" ]; then export PYTHONPATH=$SITE; fi
if ! python3 -c "import pydantic" 2>/dev/null; then
    shopt -s nullglob
    whl=("$GPU_DIR"/part-*/whl/*.whl "$KIT"/whl/*.whl)
    if [ ${#whl[@]} = 0 ]; then echo "pydantic is missing and no wheels came: send part 1 first" >&2; exit 2; fi
    python3 -m pip install -q --no-index --no-deps --no-compile --target "$SITE" "${whl[@]}"
    export PYTHONPATH=$SITE
fi
export PYTHONPATH=${PYTHONPATH:+$PYTHONPATH:}$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.used,utilization.gpu --format=csv,noheader 2>/dev/null || true
exec python3 scripts/gpu_kit.py gpu --carried "$GPU_DIR" --kit "$KIT" --runs "$RUNS" --out "$OUT" \
    --device "$DEVICE" --wait-minutes "$WAIT_MIN" ${KIT_STOP:+--stop}
