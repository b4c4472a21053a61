"""Prometheus metrics in the text exposition format, kept in process (no
client library): request counts by route and status, verification latency as
a histogram, verdict counts."""

from __future__ import annotations

import threading
from collections import Counter

__all__ = ["Metrics"]

_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests: Counter[tuple[str, str, int]] = Counter()
        self.verdicts: Counter[str] = Counter()
        self.buckets = [0] * len(_BUCKETS)
        self.latency_sum = 0.0
        self.latency_count = 0
        self.in_flight = 0

    def request(self, method: str, route: str, status: int) -> None:
        with self._lock:
            self.requests[(method, route, status)] += 1

    def verification(self, seconds: float, verdicts: list[str]) -> None:
        with self._lock:
            self.latency_sum += seconds
            self.latency_count += 1
            for i, b in enumerate(_BUCKETS):
                if seconds <= b:
                    self.buckets[i] += 1
            self.verdicts.update(verdicts)

    def render(self) -> str:
        with self._lock:
            lines = [
                "# HELP toulmin_requests_total HTTP requests by method, route and status.",
                "# TYPE toulmin_requests_total counter",
            ]
            for (m, r, s), n in sorted(self.requests.items()):
                lines.append(f'toulmin_requests_total{{method="{m}",route="{r}",status="{s}"}} {n}')
            lines += [
                "# HELP toulmin_verification_seconds Time to verify one answer, from its request's arrival.",
                "# TYPE toulmin_verification_seconds histogram",
            ]
            for b, n in zip(_BUCKETS, self.buckets):
                lines.append(f'toulmin_verification_seconds_bucket{{le="{b}"}} {n}')
            lines.append(f'toulmin_verification_seconds_bucket{{le="+Inf"}} {self.latency_count}')
            lines.append(f"toulmin_verification_seconds_sum {self.latency_sum:.6f}")
            lines.append(f"toulmin_verification_seconds_count {self.latency_count}")
            lines += ["# HELP toulmin_claims_total Claim verdicts.", "# TYPE toulmin_claims_total counter"]
            for v, n in sorted(self.verdicts.items()):
                lines.append(f'toulmin_claims_total{{verdict="{v}"}} {n}')
            lines += [
                "# HELP toulmin_requests_in_flight Requests being served.",
                "# TYPE toulmin_requests_in_flight gauge",
                f"toulmin_requests_in_flight {self.in_flight}",
            ]
        return "\n".join(lines) + "\n"
