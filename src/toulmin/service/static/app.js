// toulmin's page: plain JavaScript, no external resources. Text from answers
// and sources is only ever inserted as text (textContent), never as HTML. The marking
// of claims and quotes is render.js's, shared with the HTML report of a batch run.
"use strict";
const $ = (id) => document.getElementById(id);
const state = { answer: "", sources: [], claims: new Map() };

function setStatus(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function splitSources(text) {
  return text.split(/^---\s*$/m).map((s) => s.trim()).filter(Boolean);
}

// the answer with each claim's span marked in its verdict colour (render.js)
function renderAnswer() {
  markAnswer($("highlighted"), state.answer, state.claims.values());
}

function sourceText(id) {
  const m = /^S(\d+)$/.exec(id || "");
  if (m && state.sources[+m[1] - 1] != null) return state.sources[+m[1] - 1];
  const found = state.reportSources && state.reportSources.find((s) => s.id === id);
  return found ? found.text : null;
}

function renderClaim(c) {
  let li = document.querySelector(`#claims li[data-id="${c.id}"]`);
  if (!li) {
    li = document.createElement("li");
    li.dataset.id = c.id;
    $("claims").append(li);
  }
  // a claim the reader opened stays open when its row is drawn again (the finished report
  // redraws every claim: before this, a click between the stream's end and the report closed it)
  const wasOpen = li.querySelector("details[open]") != null;
  li.textContent = "";
  li.append(claimDetails(c, (ev) => {
    const src = sourceText(ev.source_id);
    return src == null ? null : { text: src, offset: 0, length: src.length };
  }, (sid) => {  // a table source's cells, from the finished report
    const found = state.reportSources && state.reportSources.find((s) => s.id === sid);
    return found && found.tables ? found.tables : null;
  }));
  if (wasOpen) li.firstChild.open = true;
}

function showConfidence(v) {
  $("confidence").hidden = false;
  $("conf-meter").value = v.confidence == null ? 0 : v.confidence;
  $("conf-value").textContent = v.confidence == null ? "n/a" : v.confidence.toFixed(2);
  $("conf-level").textContent = `${v.confidence_level || ""}${v.is_grounded ? " · grounded" : " · not grounded"}`;
}

function reset(answer, sources) {
  state.answer = answer; state.sources = sources; state.claims = new Map(); state.reportSources = null;
  $("claims").textContent = ""; delete $("claims").dataset.report; $("confidence").hidden = true; renderAnswer();
}

// The server's API key, when it asks for one (serve.api_keys_sha256): kept for this tab
// only (sessionStorage), sent with every call; a 401 opens the box to enter it.
async function api(url, opts = {}) {
  const key = $("api-key").value.trim();
  const headers = { ...(opts.headers || {}) };
  if (key) headers["X-API-Key"] = key;
  const resp = await fetch(url, { ...opts, headers });
  if (resp.status === 401) {
    $("key-box").open = true;
    setStatus(key ? "E_AUTH: the server refused this API key" : "E_AUTH: this server needs an API key: enter it above", true);
  }
  return resp;
}

async function readSSE(resp, onEvent) {
  if (!resp.ok) {
    let body; try { body = await resp.json(); } catch { body = {}; }
    const e = body.error || { code: `HTTP ${resp.status}`, message: resp.statusText };
    throw new Error(`${e.code}: ${e.message}${e.fix ? " (fix: " + e.fix + ")" : ""}`);
  }
  const reader = resp.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
      const ev = /^event: (.*)$/m.exec(chunk), data = /^data: (.*)$/m.exec(chunk);
      if (ev && data) onEvent(ev[1], JSON.parse(data[1]));
    }
  }
}

function onEvent(kind, data) {
  if (kind === "claims") {
    for (const c of data) if (!c.trivial) { state.claims.set(c.id, { ...c, claim: c.text }); renderClaim(state.claims.get(c.id)); }
    renderAnswer();
    setStatus(`${data.length} claims extracted; checking…`);
  } else if (kind === "claim" || kind === "update") {
    state.claims.set(data.id, data); renderClaim(data); renderAnswer();
  } else if (kind === "answer") {
    reset(data.answer, state.sources); setStatus(`draft ${data.attempt} written; verifying…`);
  } else if (kind === "round") {
    setStatus(`round ${data.attempt}: confidence ${data.confidence == null ? "n/a" : data.confidence.toFixed(2)}`);
  } else if (kind === "verification") {
    showConfidence(data);
    setStatus(`${data.claims_checked} claims checked, ${data.claims_supported} supported`);
    if (data.id) loadReport(data.id, false);
    loadHistory();
  } else if (kind === "final") {
    setStatus(`done: ${data.stopped}`);
  } else if (kind === "error") {
    const e = data.error; setStatus(`${e.code}: ${e.message}${e.fix ? " (fix: " + e.fix + ")" : ""}`, true);
  }
}

async function verify(ev) {
  ev.preventDefault();
  const answer = $("answer").value, sources = splitSources($("sources").value);
  const q = $("question").value.trim();
  reset(answer, sources);
  setStatus("extracting claims…");
  $("verify-btn").disabled = true;
  try {
    const resp = await api("/v1/verify/stream", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ answer, sources, question: q || null }) });
    await readSSE(resp, onEvent);
  } catch (e) { setStatus(String(e.message || e), true); }
  finally { $("verify-btn").disabled = false; }
}

async function ask(ev) {
  ev.preventDefault();
  reset("", []);
  setStatus("retrieving and writing…");
  $("ask-btn").disabled = true;
  try {
    const resp = await api("/v1/ask", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question: $("ask-question").value }) });
    await readSSE(resp, onEvent);
  } catch (e) { setStatus(String(e.message || e), true); }
  finally { $("ask-btn").disabled = false; }
}

async function loadReport(id, replace = true) {
  const resp = await api(`/v1/reports/${encodeURIComponent(id)}`);
  if (!resp.ok) return;
  const rec = await resp.json(), r = rec.report;
  if (replace) reset(r.answer, []);
  state.answer = r.answer;
  state.reportSources = r.sources;
  state.claims = new Map(r.details.filter((d) => d.verdict !== "TRIVIAL").map((d) => [d.id, d]));
  // claims of another report are cleared; this report's are redrawn in place (open ones kept open)
  for (const li of [...$("claims").children]) if (!state.claims.has(li.dataset.id)) li.remove();
  for (const d of state.claims.values()) renderClaim(d);
  $("claims").dataset.report = id;  // the full report is drawn (tables, all evidence)
  renderAnswer();
  showConfidence(r);
}

async function loadHistory() {
  const resp = await api("/v1/reports?limit=20");
  if (!resp.ok) return;
  const list = $("history-list");
  list.textContent = "";
  for (const r of (await resp.json()).reports) {
    const li = document.createElement("li"), b = document.createElement("button");
    b.type = "button";
    const when = new Date(r.created * 1000).toLocaleTimeString();
    b.textContent = `${when} · ${r.confidence == null ? "n/a" : r.confidence.toFixed(2)} · ${(r.answer || "").slice(0, 60)}`;
    b.addEventListener("click", () => loadReport(r.id));
    li.append(b); list.append(li);
  }
}

async function readFiles(input) {
  return Promise.all([...input.files].map((f) => f.text()));
}

function selectTab(which) {
  for (const t of ["verify", "ask"]) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === which));
    $(`form-${t}`).hidden = t !== which;
  }
}

$("form-verify").addEventListener("submit", verify);
$("form-ask").addEventListener("submit", ask);
$("tab-verify").addEventListener("click", () => selectTab("verify"));
$("tab-ask").addEventListener("click", () => selectTab("ask"));
$("refresh-history").addEventListener("click", loadHistory);
$("answer-file").addEventListener("change", async (e) => { $("answer").value = (await readFiles(e.target))[0] || ""; });
$("source-files").addEventListener("change", async (e) => {
  const texts = await readFiles(e.target);
  $("sources").value = [$("sources").value.trim(), ...texts].filter(Boolean).join("\n---\n");
});
$("api-key").value = sessionStorage.getItem("toulmin-api-key") || "";
$("api-key").addEventListener("change", () => { sessionStorage.setItem("toulmin-api-key", $("api-key").value.trim()); loadHistory(); });
loadHistory();
