// How a report is drawn, shared by the service's page (/static/render.js) and the HTML
// report of a batch run (`toulmin report`, which inlines this file): each claim marked
// in the answer in its verdict colour, a claim's note, and the evidence quote marked
// inside its source. Plain JavaScript; text from answers and sources is only ever
// inserted as text (textContent), never as HTML.
"use strict";

// the verdict's colour (render.css: --SUPPORTED, --CONTRADICTED ...) on an element
function colour(el, verdict) {
  el.dataset.verdict = verdict;
  el.style.setProperty("--c", `var(--${verdict})`);
}

// the answer in `box`, each claim's span ({start, end, verdict, note}) marked in its colour
function markAnswer(box, answer, claims) {
  box.textContent = "";
  const spans = [...claims].filter((c) => c.start != null && c.end > c.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let pos = 0;
  for (const c of spans) {
    if (c.start < pos) continue; // overlapping claims (split sentences): the first one marks it
    box.append(document.createTextNode(answer.slice(pos, c.start)));
    const m = document.createElement("mark");
    m.className = "claim";
    m.textContent = answer.slice(c.start, c.end);
    if (c.verdict) { colour(m, c.verdict); m.title = `${c.verdict}: ${c.note || ""}`; }
    box.append(m);
    pos = c.end;
  }
  box.append(document.createTextNode(answer.slice(pos)));
}

// The evidence `ev` ({source_id, quote, start, end}) as a block: the quote marked inside
// its source, with up to 300 characters around it. `clip` is the source's text, or a
// piece of it: {text, offset (where text starts in the source), length (the source's)};
// null shows the quote alone.
function evidenceBlock(ev, clip) {
  const block = document.createElement("div");
  block.className = "source";
  const head = document.createElement("strong");
  head.textContent = `${ev.source_id} [${ev.start}:${ev.end}] `;
  block.append(head);
  const mark = document.createElement("mark");
  mark.textContent = ev.quote;
  const off = clip ? clip.offset || 0 : 0;
  const src = clip ? clip.text : null;
  if (src != null && ev.start >= off && src.slice(ev.start - off, ev.end - off) === ev.quote) {
    const len = clip.length == null ? off + src.length : clip.length;
    const from = Math.max(off, ev.start - 300), to = Math.min(off + src.length, ev.end + 300);
    block.append(document.createTextNode((from > 0 ? "…" : "") + src.slice(from - off, ev.start - off)), mark,
      document.createTextNode(src.slice(ev.end - off, to - off) + (to < len ? "…" : "")));
  } else {
    block.append(mark);
  }
  return block;
}

// A table source's rows that hold a claim's evidence, as a table: its header, then each
// row with a cell inside one of `spans` ([start, end) in the source), those cells marked.
// `tables`: the report's cells of the source ({columns, rows: [[text, start, end] | null]}).
// Null when no cell of any table lies inside the spans.
function tableBlock(sid, tables, spans) {
  const inside = (cell) => cell && spans.some(([s, e]) => cell[1] >= s && cell[2] <= e);
  for (const t of tables || []) {
    const rows = t.rows.filter((r) => r.some(inside));
    if (!rows.length) continue;
    const block = document.createElement("div");
    block.className = "source table-source";
    const head = document.createElement("strong");
    head.textContent = `${sid} (table, ${rows.length} of ${t.rows_total} rows) `;
    const table = document.createElement("table"), tr = document.createElement("tr");
    for (const name of t.columns) {
      const th = document.createElement("th");
      th.textContent = name;
      tr.append(th);
    }
    const thead = document.createElement("thead"), tbody = document.createElement("tbody");
    thead.append(tr);
    for (const r of rows) {
      const row = document.createElement("tr");
      for (const cell of r) {
        const td = document.createElement("td");
        if (inside(cell)) {
          const m = document.createElement("mark");
          m.textContent = cell[0];
          td.append(m);
        } else {
          td.textContent = cell ? cell[0] : "";
        }
        row.append(td);
      }
      tbody.append(row);
    }
    table.append(thead, tbody);
    block.append(head, table);
    return block;
  }
  return null;
}

// One claim ({claim|text, verdict, note, evidence, contradicting}) as a <details>: the
// verdict and the claim, opening to the note and the best evidence (or the refuting
// passage). `clipOf(ev)` gives the source text for evidenceBlock, or null; `tablesOf(sid)`,
// when given, a table source's cells: its evidence is then drawn as the rows it cites.
function claimDetails(c, clipOf, tablesOf) {
  const det = document.createElement("details");
  const sum = document.createElement("summary");
  const v = document.createElement("span");
  v.className = "verdict";
  v.textContent = c.verdict || "…";
  if (c.verdict) colour(v, c.verdict);
  sum.append(v, document.createTextNode(c.claim || c.text || ""));
  det.append(sum);
  const note = document.createElement("p");
  note.textContent = c.note || "";
  det.append(note);
  const ev = (c.evidence || [])[0] || c.contradicting;
  if (ev) {
    const all = [...(c.evidence || []), ...(c.contradicting ? [c.contradicting] : [])];
    const spans = all.filter((e) => e.source_id === ev.source_id).map((e) => [e.start, e.end]);
    const grid = tablesOf ? tableBlock(ev.source_id, tablesOf(ev.source_id), spans) : null;
    det.append(grid || evidenceBlock(ev, clipOf(ev)));
  }
  return det;
}
