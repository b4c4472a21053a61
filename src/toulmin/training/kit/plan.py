"""What the GPU job trains, for how long: written into the kit at ``pack`` time.

The defaults fit the device time a session is lent now, 15 minutes on one H100 or H200,
counted from asking for the machine until it goes back (the device tool's README):

======================================  =======
starting the machine                    2
three calls carrying the teacher's      1.5     (the job starts after the third)
parts, 59 + 58 + 12 MiB
unpacking, loading, first and last      2.5     (the student's part travels meanwhile)
development scores, labelling every
pair with the teacher, packing
teacher                                 4.3
students, side by side                  2.7
the last call's files coming back       0.3
margin                                  1.7
======================================  =======

A stage that runs past its minutes is told to stop ``grace_minutes`` later. Most of the
margin goes if a first start fails (1 to 2 minutes each): then ``KIT_STOP=1`` (docs/gpu-kit.md).
``--minutes`` in ``scripts/gpu_kit.py pack`` scales the teacher and students (7 minutes
together here) for a longer lease: 18 fitted the 30 minutes lent before.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["KitPlan", "StudentPlan", "TeacherPlan"]


@dataclass
class TeacherPlan:
    minutes: float = 4.3
    # 64, not 32: the second H200 run's GPU was 30% busy at 32 (566 pairs/s at 256 tokens);
    # its lost second stage ran 1,023 pairs/s at 64 (docs/gpu-kit.md)
    batch_size: int = 64
    lr: float = 3e-5
    max_length: int = 256
    ckpt_every: int = 1500
    seed: int = 21


@dataclass
class StudentPlan:
    name: str  # "default" or "fast": the bundled checker it would replace
    minutes: float = 2.7
    batch_size: int = 64
    lr: float = 5e-5
    alpha: float = 0.7  # weight of the teacher's probabilities against the labels'
    max_length: int = 256
    ckpt_every: int = 1000
    seed: int = 22


@dataclass
class KitPlan:
    base: str = "mpnet-base"
    recipe: str = "recipe-kit"
    recipe_seed: int = 21
    teacher: TeacherPlan = field(default_factory=TeacherPlan)
    students: list[StudentPlan] = field(default_factory=lambda: [StudentPlan("default"),
                                                                 StudentPlan("fast", lr=6e-5)])
    label_batch: int = 256
    # Cut-off guard: a stage still running this many minutes past its budget is
    # stopped (it has checkpointed its best weights by then).
    grace_minutes: float = 0.5

    def scaled(self, total_minutes: float) -> KitPlan:
        """The same plan with the teacher and student minutes scaled to ``total_minutes``
        of training (teacher + students; the students run side by side)."""
        now = self.teacher.minutes + max((s.minutes for s in self.students), default=0.0)
        k = total_minutes / now
        return KitPlan(self.base, self.recipe, self.recipe_seed,
                       TeacherPlan(**{**asdict(self.teacher), "minutes": round(self.teacher.minutes * k, 2)}),
                       [StudentPlan(**{**asdict(s), "minutes": round(s.minutes * k, 2)})
                        for s in self.students],
                       self.label_batch, self.grace_minutes)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KitPlan:
        return cls(base=d["base"], recipe=d["recipe"], recipe_seed=d["recipe_seed"],
                   teacher=TeacherPlan(**d["teacher"]), students=[StudentPlan(**s) for s in d["students"]],
                   label_batch=d["label_batch"], grace_minutes=d["grace_minutes"])

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> KitPlan:
        return cls.from_json(json.loads(path.read_text()))
