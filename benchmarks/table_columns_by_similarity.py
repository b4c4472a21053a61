"""Experiment (issue 55, stop 67, not kept): a column named in other words chosen by MiniLM similarity of the
claim (its rows' names left out) to the headers, when no header word is named.

    SEM_T=0.45 SEM_M=0.15 python benchmarks/table_columns_by_similarity.py --set dev2 --tabfact 0
"""
import os
import sys
from dataclasses import replace

import numpy as np

import toulmin.tables.settle as st
from toulmin.link.embed import load_embedder
from toulmin.tables import pick as pk
from toulmin.tables.values import human

T = float(os.environ.get("SEM_T", "0.35"))
M = float(os.environ.get("SEM_M", "0.05"))
emb = load_embedder()
orig = pk.pick
LOG = []
def sem_pick(c, sid, r):
    p = orig(c, sid, r)
    if p is None or p.cols or p.tied_cols or p.rejected:
        return p
    t = r.table
    cand = [j for j in range(len(t.columns)) if j != t.label]
    if len(cand) < 2:
        return p
    names = {w for i in p.rows for w in pk.label_words(t, i)}
    text = " ".join(w for w, _ in c.toks if w not in names)
    heads = [human(t.columns[j].text.rsplit(".", 1)[-1]) for j in cand]
    v = emb.embed([text, *heads])
    sims = v[1:] @ v[0]
    order = np.argsort(-sims)
    best, second = sims[order[0]], sims[order[1]]
    LOG.append((c.text, heads[order[0]], round(float(best), 3), round(float(best - second), 3)))
    if best >= T and best - second >= M:
        return replace(p, cols=[cand[order[0]]], col_score=1)
    return p
st.pick = sem_pick
sys.argv = ["tables.py", *sys.argv[1:]]
sys.path.insert(0, "/work/main/benchmarks")
import tables  # noqa: E402

tables.main()
if os.environ.get("SEM_LOG"):
    for x in LOG:
        print("SEM", x)
