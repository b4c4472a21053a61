"""toulmin-checker-mpnet-l12 1.1.0: the opt-in accurate checker of toulmin (model/)."""

from pathlib import Path

__version__ = "1.1.0"
MODEL_DIR = Path(__file__).parent / "model"
