"""Write a checker's ffn_int8.npz: what runs its feed-forward output projections in int8
(toulmin.checker.int8ffn; verify scores pairs with it first, ``checker.rescore``).

    python scripts/write_ffn_int8.py src/toulmin/models/checker [--alpha 0.85] [--outliers 2]

Calibrates on the first rows of the training slices (needs ../shared/data), never on
development or test rows; records the parameters in the folder's checker.json.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from toulmin.training.smooth import SMOOTH_ALPHA, write_ffn_int8


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("model_dir", type=Path)
    ap.add_argument("--alpha", type=float, default=SMOOTH_ALPHA)
    ap.add_argument("--outliers", type=int, default=2)
    a = ap.parse_args()
    print(write_ffn_int8(a.model_dir, alpha=a.alpha, outliers=a.outliers))


if __name__ == "__main__":
    main()
