#!/usr/bin/env bash
# The GPU runs behind the `fast` checker 1.3.0, as sent to the device machine (see
# docs/benchmarks.md, "Checker 1.3.0 `fast`", for every command and number). Its inputs
# travel in .gpu/ (git-ignored, at most 64 MiB with the repository), made on the CPU machine:
#   init/        start weights: scripts/gpu_weights.py pack RUN/best .gpu/init
#   v3.jsonl.xz  `recipe-v3` built with seed 15 (155,930 pairs), xz -9
#   dev.jsonl    toulmin.training.train.write_dev_file(dev_pairs(150), ...)
#   whl/         pydantic's wheels for Python 3.12 (the GPU image lacks it)
# TEACHER_MIN > 0 first continues init/ on the recipe (labels only); each LAYERS:MINUTES
# in STUDENTS then distils the teacher (init/ itself when TEACHER_MIN=0) into a student
# of those encoder layers. Weights come back under $OUT as fp16 shards without the word
# embeddings (frozen, so the CPU machine has them): scripts/gpu_weights.py unpack.
set -euo pipefail
G=${G:-.gpu}
OUT=${OUT:-/tmp/out}
R=${RUNS:-/tmp/runs}
DEVICE=${DEVICE:-cuda}
TEACHER_MIN=${TEACHER_MIN:-5}
STUDENT_MIN=${STUDENT_MIN:-2.5}
LAYERS=${LAYERS:-0,2,4}
CKPT=${CKPT:-1500}
DATA=${DATA:-$G/v3.jsonl.xz}
if [ -d "$G/whl" ] && ! python3 -c "import pydantic" 2>/dev/null; then
    python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site "$G"/whl/*.whl
    export PYTHONPATH=/tmp/site
fi
export PYTHONPATH=${PYTHONPATH:+$PYTHONPATH:}src PYTHONUNBUFFERED=1
mkdir -p "$R" "$OUT"
python3 scripts/gpu_weights.py unpack "$G/init" "$R/start"
python3 -c "import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], 'wb'))" \
    "$DATA" "$R/train.jsonl"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader || true
common=(--data "$R/train.jsonl" --device "$DEVICE" --epochs 20 --ckpt-every "$CKPT"
        --dev-file "$G/dev.jsonl" --freeze-embeddings --seed 15 --no-export)
# At most 8 files come back: weight shards as they are, the rest of each run in one tar.
ship() {
    python3 scripts/gpu_weights.py pack "$R/$1/best" "$R/pack/$1" --skip word_embeddings --shard-mb 15
    cp "$R/$1/train_summary.json" "$R/$1/history.json" "$R/pack/$1/"
    for f in "$R/pack/$1"/weights-*.safetensors; do mv "$f" "$OUT/$1-$(basename "$f")"; done
    tar czf "$OUT/$1-meta.tgz" -C "$R/pack" "$1"
}
if [ "$TEACHER_MIN" != 0 ]; then
    python3 -m toulmin.cli train "${common[@]}" --init-from "$R/start" --batch-size 32 --lr 4e-5 \
        --max-minutes "$TEACHER_MIN" --out "$R/teacher" 2>&1 | tee "$OUT/teacher.log" | grep -v "^step" || true
    ship teacher
else
    mkdir -p "$R/teacher" && cp -r "$R/start" "$R/teacher/best"  # init/ is the teacher already
fi
# STUDENTS: space-separated LAYERS:MINUTES, each distilled from the teacher in turn.
for spec in ${STUDENTS:-0,2,4:$STUDENT_MIN}; do
    layers=${spec%%:*}
    name=student${layers//,/}
    python3 -m toulmin.cli train "${common[@]}" --init-from "$R/teacher/best" --teacher "$R/teacher/best" \
        --layers "$layers" --batch-size "${STUDENT_BATCH:-32}" --lr "${STUDENT_LR:-6e-5}" --distill-alpha "${STUDENT_ALPHA:-0.5}" \
        --max-minutes "${spec##*:}" --out "$R/$name" 2>&1 | tee "$OUT/$name.log" | grep -v "^step" || true
    ship "$name"
done
ls -la "$OUT"
