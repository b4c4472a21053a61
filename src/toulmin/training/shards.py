"""Move a checker's torch weights through a size-limited channel (a GPU machine's).

``pack_weights`` writes a Hugging Face folder's weights as fp16 safetensors shards
of a bounded size, leaving out tensors the receiver already has (frozen word
embeddings); ``unpack_weights`` rebuilds a fp32 folder from the shards and a
folder holding the left-out tensors. fp16 keeps 11 bits of mantissa, far finer
than the int8 weights the checker ships with. ``int8=True`` halves that again for
a 12-layer base (109M parameters: 219 MB as fp16, 116 MB so): each run of 64 values of a
matrix row is stored as int8 with its own scale (absolute maximum / 127). On
all-mpnet-base-v2 that moved sentence embeddings by 1.4e-4 of cosine on average, against
7.7e-4 with one scale per row (docs/gpu-kit.md). The GPU kit
(``toulmin.training.kit``) sends weights this way; ``scripts/gpu_weights.py`` is the command
line that ``scripts/gpu_train.sh`` (the runs behind checker 1.3.0) used. ``average_weights``
interpolates two runs of one start (a continuation and the weights it began from).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

__all__ = ["average_weights", "pack_weights", "unpack_weights"]

_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt",
          "base.json"]
# An int8 tensor travels as NAME (int8) and NAME + _SCALE (fp32: rows x groups).
_SCALE = ".__group_scale__"
_GROUP = 64
# Smaller matrices (and every vector) are not worth the rounding: they stay fp16.
_INT8_MIN = 4096


def _group_int8(t: Any) -> tuple[Any, Any]:
    import torch

    w = t.float()
    rows, cols = w.shape
    group = _GROUP if cols % _GROUP == 0 else cols  # one scale per row where 64 does not divide
    g = w.reshape(rows, cols // group, group)
    scale = g.abs().amax(dim=2).clamp(min=1e-12) / 127.0
    q = torch.round(g / scale[..., None]).clamp(-127, 127).to(torch.int8)
    return q.reshape(rows, cols), scale


def _ungroup(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if not k.endswith(_SCALE)}
    for k, v in state.items():
        if k.endswith(_SCALE):
            name = k.removesuffix(_SCALE)
            rows, cols = out[name].shape
            groups = v.shape[1]
            w = out[name].float().reshape(rows, groups, cols // groups) * v.float()[..., None]
            out[name] = w.reshape(rows, cols)
    return out


def pack_weights(src: Path, out: Path, skip: list[str] | None = None, shard_mb: float = 15.0,
                 int8: bool = False) -> list[Path]:
    """Shards of ``src``'s weights in ``out``; a single tensor over ``shard_mb`` gets a shard of its own.

    ``int8``: matrices as int8 with a scale per 64 values instead of fp16 (about half the bytes,
    for the largest bases)."""
    import torch
    from safetensors.torch import load_file, save_file

    state = load_file(str(src / "model.safetensors"))
    out.mkdir(parents=True, exist_ok=True)
    shards: list[dict[str, Any]] = [{}]
    size = 0
    for name in sorted(state):
        if any(s in name for s in skip or []):
            continue
        x = state[name]
        parts = {name: x.to(torch.float16) if x.is_floating_point() else x}
        if int8 and x.is_floating_point() and x.dim() == 2 and x.numel() >= _INT8_MIN:
            q, scale = _group_int8(x)
            parts = {name: q, name + _SCALE: scale}
        nbytes = sum(t.numel() * t.element_size() for t in parts.values())
        if shards[-1] and size + nbytes > shard_mb * 2**20:
            shards.append({})
            size = 0
        shards[-1].update({k: t.contiguous() for k, t in parts.items()})
        size += nbytes
    paths = []
    for k, shard in enumerate(shards):
        paths.append(out / f"weights-{k}.safetensors")
        save_file(shard, str(paths[-1]))
    for f in _FILES:
        if (src / f).exists():
            shutil.copy(src / f, out / f)
    (out / "packed.json").write_text(json.dumps({"skipped": skip or [], "shards": len(shards),
                                                 "int8_groups": _GROUP if int8 else None}))
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
    state = _ungroup(state)
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
