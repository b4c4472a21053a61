// The HTML report of a batch run (`toulmin report`): the answers, worst first, a page at
// a time, filtered by verdict. Runs after render.js (inlined before it), whose
// markAnswer and claimDetails draw each answer as the service's page does.
"use strict";
(() => {
  const byId = (id) => document.getElementById(id);
  const data = JSON.parse(byId("data").textContent);
  const rows = data.rows, clips = data.clips, size = data.page_size;
  let shown = rows.map((_, i) => i), page = 0;

  const keep = {
    all: () => true,
    errors: (r) => r.err != null,
    ungrounded: (r) => r.err == null && !r.g,
    grounded: (r) => r.err == null && !!r.g,
    disagree: (r) => r.err == null && r.lb != null && r.lb !== r.g,
  };

  function matches(r, filter) {
    if (filter.startsWith("v:")) return r.err == null && r.k.some((c) => c.v === filter.slice(2));
    return (keep[filter] || keep.all)(r);
  }

  // a claim as render.js's claimDetails reads it; the quote comes from its piece of source
  function claim(c) {
    const out = { claim: c.x, start: c.s, end: c.e, verdict: c.v, note: c.n, evidence: [] };
    if (c.q) {
      const [sid, start, end, quote, k] = c.q;
      const clip = k == null ? null : { text: clips[k][0], offset: clips[k][1], length: clips[k][2] };
      out.evidence.push({ source_id: sid, start, end,
        quote: quote != null ? quote : clip.text.slice(start - clip.offset, end - clip.offset), clip });
      for (const [s, e] of (c.qs || []).slice(1)) out.evidence.push({ source_id: sid, start: s, end: e, quote: "" });
    }
    return out;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  const span = (cls, text) => el("span", cls, text);

  // a row of the list: its item, holding its head line first
  function rowItem(r, cls) {
    const li = el("li", cls);
    li.dataset.id = r.i;
    const head = el("div", "row-head");
    li.append(head);
    return [li, head];
  }

  function errorItem(r) {
    const [li, head] = rowItem(r, "row error-row");
    head.append(span("rid", r.i), span("badge bad", r.err[0]));
    li.append(el("p", "", r.err[1]));
    if (r.err[2]) li.append(el("p", "fix", `fix: ${r.err[2]}`));
    return li;
  }

  function answerItem(r) {
    const [li, head] = rowItem(r, "row");
    const counts = {};
    for (const c of r.k) counts[c.v] = (counts[c.v] || 0) + 1;
    head.append(span("rid", r.i),
      span("conf", `confidence ${r.c == null ? "n/a" : r.c.toFixed(2)} ${r.l}`),
      span(`badge ${r.g ? "good" : "bad"}`, r.g ? "grounded" : "not grounded"));
    if (r.lb != null) head.append(span(`label${r.lb === r.g ? "" : " disagree"}`, `labelled ${r.lb ? "grounded" : "not grounded"}`));
    for (const [v, n] of Object.entries(counts)) {
      const s = span("verdict count", `${n} ${v}`);
      colour(s, v);
      head.append(s);
    }
    if (r.qq) li.append(el("p", "question", r.qq));
    const claims = r.k.map(claim);
    const ans = el("p", "answer");
    markAnswer(ans, r.a, claims);
    li.append(ans);
    const ol = el("ol", "claims");
    for (const c of claims) {
      const item = el("li");
      item.append(claimDetails(c, (ev) => ev.clip || null, (sid) => (r.tb || {})[sid] || null));
      ol.append(item);
    }
    li.append(ol);
    return li;
  }

  function render() {
    const pages = Math.max(1, Math.ceil(shown.length / size));
    page = Math.min(Math.max(0, page), pages - 1);
    const list = byId("list");
    list.textContent = "";
    list.start = page * size + 1;
    for (const i of shown.slice(page * size, (page + 1) * size)) {
      const r = rows[i];
      list.append(r.err != null ? errorItem(r) : answerItem(r));
    }
    byId("shown").textContent = `${shown.length} of ${rows.length} rows`;
    byId("page").textContent = `page ${page + 1} of ${pages}`;
    byId("prev").disabled = page === 0;
    byId("next").disabled = page >= pages - 1;
  }

  function filter() {
    const f = byId("filter").value;
    shown = rows.map((_, i) => i).filter((i) => matches(rows[i], f));
    page = 0;
    render();
  }

  byId("filter").addEventListener("change", filter);
  byId("prev").addEventListener("click", () => { page -= 1; render(); });
  byId("next").addEventListener("click", () => { page += 1; render(); });
  filter();
})();
