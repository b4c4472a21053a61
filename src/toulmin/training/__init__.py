"""Training: data recipe, synthetic edits, training loop, export (needs the train extra)."""
