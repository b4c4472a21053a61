"""The GPU kit: from "a GPU is lent" to new checkers measured and, if they pass the gate, installed.

Four steps, one command each (``scripts/gpu_kit.py``; docs/gpu-kit.md):

1. ``pack`` (CPU): the larger base, the students' start weights, the training and
   development pairs and the wheels the GPU image lacks, cut into parts that fit the
   device's per-call transfer limit (``parts``).
2. the GPU command, the same at every call (``scripts/gpu_kit.sh``): receives what a call
   carries, starts the job once the teacher's part is in, and hands back finished weights
   as shards within the per-call return limits (``job``).
3. ``land`` (CPU): unpacks, exports int8 ONNX, calibrates on development slices only,
   measures, and installs what passes the release gate written before the run (``gate``,
   ``land``).
4. ``rehearse`` (CPU): the whole chain on a tiny subset, with a local folder standing in
   for the GPU machine.
"""

from .gate import GateResult, accurate_gate, release_gate
from .plan import KitPlan, StudentPlan, TeacherPlan

__all__ = ["GateResult", "KitPlan", "StudentPlan", "TeacherPlan", "accurate_gate", "release_gate"]
