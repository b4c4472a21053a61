"""Move a checker's torch weights through a size-limited channel (a GPU machine's).

``pack_weights`` writes a Hugging Face folder's weights as fp16 safetensors shards
of a bounded size, leaving out tensors the receiver already has (frozen word
embeddings); ``unpack_weights`` rebuilds a fp32 folder from the shards and a
folder holding the left-out tensors. fp16 keeps 11 bits of mantissa, far finer
than the int8 weights the checker ships with. ``scripts/gpu_weights.py`` is the
command line; ``scripts/gpu_train.sh`` the run that used it. ``average_weights``
interpolates two runs of one start (a continuation and the weights it began from).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

__all__ = ["average_weights", "pack_weights", "unpack_weights"]

_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"]


def pack_weights(src: Path, out: Path, skip: list[str] | None = None, shard_mb: float = 15.0) -> list[Path]:
    """Shards of ``src``'s weights in ``out``; a single tensor over ``shard_mb`` gets a shard of its own."""
    import torch
    from safetensors.torch import load_file, save_file

    state = load_file(str(src / "model.safetensors"))
    out.mkdir(parents=True, exist_ok=True)
    shards: list[dict[str, Any]] = [{}]
    size = 0
    for name in sorted(state):
        if any(s in name for s in skip or []):
            continue
        t = state[name].to(torch.float16) if state[name].is_floating_point() else state[name]
        nbytes = t.numel() * t.element_size()
        if shards[-1] and size + nbytes > shard_mb * 2**20:
            shards.append({})
            size = 0
        shards[-1][name] = t.contiguous()
        size += nbytes
    paths = []
    for k, shard in enumerate(shards):
        paths.append(out / f"weights-{k}.safetensors")
        save_file(shard, str(paths[-1]))
    for f in _FILES:
        if (src / f).exists():
            shutil.copy(src / f, out / f)
    (out / "packed.json").write_text(json.dumps({"skipped": skip or [], "shards": len(shards)}))
    return paths


def unpack_weights(src: Path, out: Path, fill_from: Path | None = None) -> Path:
    """A fp32 HF folder from ``src``'s shards, missing tensors taken from ``fill_from``.

    A student's shards name fewer encoder layers than the folder it is filled
    from: layers beyond its config's count are dropped, not loaded.
    """
    import torch
    from safetensors.torch import load_file

    state: dict[str, torch.Tensor] = {}
    if fill_from is not None:
        state.update(load_file(str(fill_from / "model.safetensors")))
    for f in sorted(src.glob("weights-*.safetensors")):
        state.update(load_file(str(f)))
    n_layers = int(json.loads((src / "config.json").read_text())["num_hidden_layers"])

    def keep(name: str) -> bool:
        return ".layer." not in name or int(name.split(".layer.")[1].split(".")[0]) < n_layers

    state = {k: (v.float() if v.is_floating_point() else v) for k, v in state.items() if keep(k)}
    return _write_folder(state, out, src)


def _write_folder(state: dict[str, Any], out: Path, files_from: Path) -> Path:
    """A HF folder: ``state`` as its weights, config and tokenizer files from ``files_from``."""
    from safetensors.torch import save_file

    out.mkdir(parents=True, exist_ok=True)
    save_file(state, str(out / "model.safetensors"), metadata={"format": "pt"})
    for name in _FILES:
        if (files_from / name).exists():
            shutil.copy(files_from / name, out / name)
    return out


def average_weights(start: Path, end: Path, alpha: float, out: Path) -> Path:
    """``(1 - alpha) * start + alpha * end`` for every floating-point tensor, in fp32.

    Both folders must hold the same tensors: two runs from one start (a continuation
    and the weights it began from), whose average keeps more of what the start knew.
    Other tensors (integer buffers) must be equal and are copied.
    """
    import torch
    from safetensors.torch import load_file

    from ..errors import InputError

    if not 0.0 <= alpha <= 1.0:
        raise InputError("E_BAD_OPTION", f"alpha {alpha} is outside 0..1", fix="give a weight from 0 to 1")
    a = load_file(str(start / "model.safetensors"))
    b = load_file(str(end / "model.safetensors"))
    differ = sorted(set(a) ^ set(b)) + sorted(k for k in set(a) & set(b) if a[k].shape != b[k].shape)
    if differ:
        raise InputError("E_BAD_OPTION",
                         f"{start} and {end} hold different tensors ({', '.join(differ[:3])})",
                         fix="average two runs of one architecture, e.g. a continuation and its start")
    mixed: dict[str, torch.Tensor] = {}
    for k, x in a.items():
        if x.is_floating_point():
            mixed[k] = (1.0 - alpha) * x.float() + alpha * b[k].float()
        elif torch.equal(x, b[k]):
            mixed[k] = x
        else:
            raise InputError("E_BAD_OPTION", f"{k} is not a weight and differs between {start} and {end}",
                             fix="average two runs of one architecture")
    return _write_folder(mixed, out, end)
