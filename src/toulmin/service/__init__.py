"""The HTTP service: ``create_app(config)`` gives the FastAPI app that
``toulmin serve`` runs (needs ``pip install 'toulmin[serve]'``)."""

from __future__ import annotations

from .app import create_app
from .history import HistoryStore

__all__ = ["HistoryStore", "create_app"]
