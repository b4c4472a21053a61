"""The release gate, fixed before any run: a candidate replaces a shipped checker only if

- its development mean balanced accuracy is not below the shipped checker's, and
- no development slice drops by more than 0.5 points;

both measured the same way, in the same session (``toulmin.training.calibrate``: the
windowed pipeline on the development slices, each checker at its own threshold). The
``accurate`` checker (the teacher, opt-in) ships only if its int8 ONNX is at most
100 MB (a model the project trains is committed inside a package, at most 100 MB: the gate
said 120 until the first GPU teacher, 110.9 MB, showed the two rules apart) and its
development mean beats the default checker's by at least 3 points; a later teacher replaces
an ``accurate`` checker already shipped only as a student replaces its checker (the first
rule above, against the shipped one's own development numbers, kept in its checker.json).
Test slices never enter a gate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ACCURATE_MARGIN", "ACCURATE_MAX_MB", "SLICE_TOLERANCE", "GateResult", "accurate_gate",
           "release_gate"]

SLICE_TOLERANCE = 0.5
ACCURATE_MAX_MB = 100.0
ACCURATE_MARGIN = 3.0


@dataclass
class GateResult:
    passed: bool
    reasons: list[str] = field(default_factory=list)

    def line(self) -> str:
        return ("PASS" if self.passed else "FAIL") + (": " + "; ".join(self.reasons) if self.reasons else "")


def _mean(per_slice: dict[str, float]) -> float:
    return sum(per_slice.values()) / len(per_slice)


def release_gate(candidate: dict[str, float], shipped: dict[str, float]) -> GateResult:
    """``candidate`` and ``shipped``: development balanced accuracy (0-100) per slice."""
    if set(candidate) != set(shipped):
        return GateResult(False, [f"measured on different slices: {sorted(candidate)} vs {sorted(shipped)}"])
    reasons = []
    new, old = _mean(candidate), _mean(shipped)
    if new < old:
        reasons.append(f"development mean {new:.2f} < shipped {old:.2f}")
    for name in sorted(shipped):
        if candidate[name] < shipped[name] - SLICE_TOLERANCE:
            reasons.append(f"{name} {candidate[name]:.2f} < shipped {shipped[name]:.2f} - {SLICE_TOLERANCE}")
    if not reasons:
        reasons.append(f"development mean {new:.2f} >= shipped {old:.2f}, no slice down by more than "
                       f"{SLICE_TOLERANCE}")
        return GateResult(True, reasons)
    return GateResult(False, reasons)


def accurate_gate(candidate: dict[str, float], default: dict[str, float], onnx_mb: float,
                  shipped: dict[str, float] | None = None) -> GateResult:
    """``shipped``: the development numbers of the accurate checker installed now, if any."""
    reasons = []
    if onnx_mb > ACCURATE_MAX_MB:
        reasons.append(f"int8 ONNX {onnx_mb:.1f} MB > {ACCURATE_MAX_MB:.0f} MB")
    new, old = _mean(candidate), _mean(default)
    if set(candidate) != set(default):
        reasons.append("measured on different slices")
    elif new < old + ACCURATE_MARGIN:
        reasons.append(f"development mean {new:.2f} < default {old:.2f} + {ACCURATE_MARGIN}")
    against_shipped = release_gate(candidate, shipped) if shipped is not None else None
    if against_shipped is not None and not against_shipped.passed:
        reasons += [f"against the shipped accurate: {r}" for r in against_shipped.reasons]
    if reasons:
        return GateResult(False, reasons)
    passed = [f"development mean {new:.2f} >= default {old:.2f} + {ACCURATE_MARGIN}, {onnx_mb:.1f} MB"]
    if against_shipped is not None:
        passed += [f"against the shipped accurate: {r}" for r in against_shipped.reasons]
    return GateResult(True, passed)
