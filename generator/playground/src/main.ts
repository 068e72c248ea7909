/**
 * The page: check mode (a CodeMirror editor, findings, Auto-strict), build mode (a form that
 * writes a catalog), the outputs, Try arguments, Share and the rule table. The main thread only
 * renders: checking runs on check-worker.ts and generating on output-worker.ts. User text reaches
 * the document only as text nodes (`textContent`, CodeMirror's own text model), never as HTML.
 */
import { basicSetup } from "codemirror";
import { EditorView } from "@codemirror/view";
import { Compartment, EditorState } from "@codemirror/state";
import { yaml } from "@codemirror/lang-yaml";
import { json } from "@codemirror/lang-json";
import {
  lintGutter,
  setDiagnostics,
  type Diagnostic as CmDiagnostic,
} from "@codemirror/lint";
import {
  buildCatalogYaml,
  emptyRow,
  type Effect,
} from "./engine/build-catalog.js";
import type { PageFinding } from "./engine/check.js";
import { decodeShare, encodeShare } from "./engine/share.js";
import type { StrictnessDecision } from "./engine/strictness.js";
import { BROKEN_EXAMPLE, CLEAN_EXAMPLE } from "./examples.js";
import type {
  CheckReply,
  CheckRequest,
  OutputReply,
  OutputRequest,
} from "./protocol.js";
import { $, copyText, el } from "./ui/dom.js";
import {
  adopt,
  initialState,
  isPageState,
  type Mode,
  type PageState,
  type Row,
} from "./ui/page-state.js";
import { renderParameters } from "./ui/parameter-form.js";
import { renderRuleTable } from "./ui/rule-table.js";

/** What the E2E test reads: latencies from a keystroke to the findings it produced. */
interface PlaygroundProbe {
  findingsLatencies: number[];
  outputsLatencies: number[];
  checks: number;
  generations: number;
  /** Replaces the editor's text as a paste would (large texts are slow to type). */
  setInput?: (text: string) => void;
  getInput?: () => string;
}
const probe: PlaygroundProbe = {
  findingsLatencies: [],
  outputsLatencies: [],
  checks: 0,
  generations: 0,
};
(
  globalThis as unknown as { toolcatPlayground: PlaygroundProbe }
).toolcatPlayground = probe;

const state: PageState = initialState();

// ---------------------------------------------------------------- workers

const startCheckWorker = () => {
  const worker = new Worker(new URL("./check-worker.ts", import.meta.url), {
    type: "module",
  });
  worker.onmessage = onCheckReply;
  return worker;
};
let checkWorker: Worker;
/** When the check in progress started (undefined: the worker is idle). */
let checkRunningSince: number | undefined;
/** A check that runs longer than this is abandoned (the worker restarted) when a newer one comes. */
const ABANDON_AFTER_MS = 400;
const outputWorker = new Worker(
  new URL("./output-worker.ts", import.meta.url),
  { type: "module" },
);
let checkSeq = 0;
let outputSeq = 0;
const editedAt = new Map<number, number>();
let currentCatalog: string | undefined;
let generation:
  | {
      seq: number;
      files: Map<string, string>;
      stub?: readonly [string, string];
      decisions: readonly StrictnessDecision[];
      tools: readonly string[];
      targets: readonly string[];
    }
  | undefined;
const pendingTries = new Map<number, (reply: OutputReply) => void>();

function requestCheck(kind: CheckRequest["kind"], text: string): void {
  const seq = ++checkSeq;
  const now = performance.now();
  editedAt.set(seq, now);
  // An alias bomb keeps the worker busy for seconds; a newer text need not wait for it.
  if (
    checkRunningSince !== undefined &&
    now - checkRunningSince > ABANDON_AFTER_MS
  ) {
    checkWorker.terminate();
    checkWorker = startCheckWorker();
  }
  checkRunningSince ??= now;
  checkWorker.postMessage({ seq, kind, text } satisfies CheckRequest);
}

let outputTimer: ReturnType<typeof setTimeout> | undefined;
let outputEditedAt = 0;
function requestOutputs(): void {
  const catalog =
    state.mode === "check" ? currentCatalog : buildCatalogYaml(state.build);
  clearTimeout(outputTimer);
  if (catalog === undefined) {
    showOutputsStatus("no catalog to generate from");
    return;
  }
  outputEditedAt = performance.now();
  showOutputsStatus("generating…");
  outputTimer = setTimeout(
    () =>
      outputWorker.postMessage({
        seq: ++outputSeq,
        kind: "generate",
        catalog,
      } satisfies OutputRequest),
    60,
  );
  if (state.mode === "build") renderBuildCatalog(catalog);
}

function onCheckReply(e: MessageEvent<CheckReply>): void {
  const reply = e.data;
  checkRunningSince = reply.seq === checkSeq ? undefined : performance.now();
  if (reply.seq !== checkSeq) return;
  if (reply.kind === "failed") {
    setNotice(reply.message);
    return;
  }
  if (
    reply.kind === "auto-strict" &&
    reply.text !== editor.state.doc.toString()
  ) {
    suppressCheck = true;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: reply.text },
    });
    suppressCheck = false;
    state.check = reply.text;
    $("check-summary").dataset.applied = String(reply.applied);
  } else if (reply.kind === "auto-strict")
    $("check-summary").dataset.applied = "0";
  setLanguage(reply.result.language);
  renderFindings(
    reply.result.findings,
    reply.result.form,
    reply.kind === "auto-strict" ? reply.applied : undefined,
  );
  const started = editedAt.get(reply.seq);
  if (started !== undefined)
    probe.findingsLatencies.push(performance.now() - started);
  editedAt.clear();
  probe.checks++;
  document.body.dataset.checkSeq = String(reply.seq);
  const catalog = reply.result.catalog;
  if (state.mode === "check" && catalog !== currentCatalog) {
    currentCatalog = catalog;
    requestOutputs();
    if (outputTab === "catalog.yaml") $("output").textContent = catalogText();
  }
  currentCatalog = catalog;
}
checkWorker = startCheckWorker();

outputWorker.onmessage = (e: MessageEvent<OutputReply>) => {
  const reply = e.data;
  const waiting = pendingTries.get(reply.seq);
  if (waiting) {
    pendingTries.delete(reply.seq);
    waiting(reply);
    return;
  }
  if (reply.kind === "failed") {
    showOutputsStatus(reply.message);
    return;
  }
  if (reply.kind !== "outputs" || reply.seq !== outputSeq) return;
  probe.outputsLatencies.push(performance.now() - outputEditedAt);
  probe.generations++;
  document.body.dataset.generation = String(reply.seq);
  if (!reply.ok) {
    // Outputs of an earlier catalog would mislead: only the catalog itself stays.
    generation = undefined;
    renderOutputs();
    renderTryChoices();
    const errors = reply.diagnostics.filter((d) => d.severity === "error");
    showOutputsStatus(
      `not generated: ${errors.length} error${errors.length === 1 ? "" : "s"} (${errors.map((d) => d.rule).join(", ")})`,
    );
    if (state.mode === "build") renderBuildFindings(reply.diagnostics);
    return;
  }
  if (state.mode === "build") renderBuildFindings(reply.diagnostics);
  generation = {
    seq: reply.seq,
    files: new Map(reply.files),
    ...(reply.stub ? { stub: reply.stub } : {}),
    decisions: reply.decisions,
    tools: reply.tools,
    targets: reply.targets,
  };
  showOutputsStatus(
    `${reply.files.length} files in ${Math.round(reply.ms)} ms`,
  );
  renderOutputs();
  renderTryChoices();
  renderOptionalReport();
};

// ---------------------------------------------------------------- editor

const language = new Compartment();
let suppressCheck = false;
let currentLanguage: "yaml" | "json" = "yaml";
const editor = new EditorView({
  parent: $("editor"),
  state: EditorState.create({
    doc: "",
    extensions: [
      basicSetup,
      language.of(yaml()),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.updateListener.of((update) => {
        if (!update.docChanged || suppressCheck) return;
        state.check = update.state.doc.toString();
        requestCheck("check", state.check);
      }),
    ],
  }),
});

function setLanguage(lang: "yaml" | "json"): void {
  $("language").textContent = lang === "yaml" ? "YAML" : "JSON";
  if (lang === currentLanguage) return;
  currentLanguage = lang;
  editor.dispatch({
    effects: language.reconfigure(lang === "yaml" ? yaml() : json()),
  });
}

function setEditorText(text: string): void {
  editor.dispatch({
    changes: { from: 0, to: editor.state.doc.length, insert: text },
  });
}
probe.setInput = setEditorText;
probe.getInput = () => editor.state.doc.toString();

function offsetOf(line: number, col: number): number {
  const doc = editor.state.doc;
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(col - 1, 0), l.to);
}

const RESOLVES: Record<PageFinding["resolves"], string> = {
  "auto-strict": "Auto-strict",
  "needs-words": "you: write the sentence or name",
  "needs-decision": "you: a decision",
  none: "nothing to do (information)",
};

function renderFindings(
  findings: readonly PageFinding[],
  form: string,
  applied?: number,
): void {
  const body = $("findings").querySelector("tbody")!;
  body.replaceChildren();
  const marks: CmDiagnostic[] = [];
  for (const f of findings) {
    const tr = el("tr", undefined, f.severity);
    tr.dataset.rule = f.rule;
    tr.dataset.pointer = f.pointer;
    tr.dataset.severity = f.severity;
    tr.dataset.resolves = f.resolves;
    tr.append(
      el("td", f.severity),
      el("td", f.rule),
      el("td", f.pointer === "" ? "/" : f.pointer, "path"),
      el(
        "td",
        f.in === "input"
          ? `${f.line}:${f.col}`
          : `imported catalog ${f.line}:${f.col}`,
      ),
      el("td", f.message),
      el("td", RESOLVES[f.resolves]),
    );
    if (f.in === "input") {
      tr.addEventListener("click", () =>
        editor.dispatch({
          selection: { anchor: offsetOf(f.line, f.col) },
          scrollIntoView: true,
        }),
      );
      const from = offsetOf(f.line, f.col);
      const lineEnd = editor.state.doc.lineAt(from).to;
      marks.push({
        from,
        to: Math.max(from, lineEnd),
        severity: f.severity === "info" ? "info" : f.severity,
        source: f.rule,
        message: `${f.rule}: ${f.message}`,
      });
    }
    body.append(tr);
  }
  editor.dispatch(setDiagnostics(editor.state, marks));
  const words = findings.filter((f) => f.resolves === "needs-words").length;
  const fixable = findings.filter((f) => f.resolves === "auto-strict").length;
  const summary =
    form === "empty"
      ? "Paste a tool, or pick an example."
      : `${form === "catalog" ? "Catalog" : "Provider declarations"}: ${findings.length === 0 ? "no findings." : `${findings.length} finding${findings.length === 1 ? "" : "s"}; ${fixable} fixed by Auto-strict; ${words} need${words === 1 ? "s" : ""} a sentence or name from you.`}${applied !== undefined ? ` Auto-strict applied ${applied} fix${applied === 1 ? "" : "es"}.` : ""}`;
  $("check-summary").textContent = summary;
}

// ---------------------------------------------------------------- build mode

function renderParameterRows(): void {
  renderParameters($("parameters"), state.build.parameters, requestOutputs);
}

function renderBuildForm(): void {
  ($("tool-name") as HTMLInputElement).value = state.build.name;
  ($("tool-description") as HTMLTextAreaElement).value =
    state.build.description;
  ($("tool-effect") as HTMLSelectElement).value = state.build.effect;
  renderParameterRows();
}

function renderBuildCatalog(catalog: string): void {
  if (outputTab === "catalog.yaml") $("output").textContent = catalog;
}

function renderBuildFindings(
  diagnostics: readonly {
    severity: string;
    rule: string;
    pointer: string;
    message: string;
  }[],
): void {
  const shown = diagnostics.filter((d) => d.severity !== "info");
  $("build-findings").textContent =
    shown.length === 0
      ? "No findings."
      : shown
          .map((d) => `${d.severity} ${d.rule} ${d.pointer}: ${d.message}`)
          .join("\n");
}

function renderOptionalReport(): void {
  const list = $("optional-report");
  list.replaceChildren();
  if (!generation) return;
  for (const d of generation.decisions) {
    if (d.optional.length === 0) continue;
    const told = d.optional
      .map(
        (o) =>
          `${o.name}: ${o.told === "required-and-nullable" ? 'required and nullable ("null means omitted"; the dispatcher removes the null)' : "left out of required"}`,
      )
      .join("; ");
    const li = el(
      "li",
      `${d.target} (${d.strict ? "strict" : "not strict"}): ${told}`,
    );
    li.dataset.target = d.target;
    list.append(li);
  }
  if (list.childElementCount === 0)
    list.append(
      el(
        "li",
        "No optional parameters: every provider gets them all in required.",
      ),
    );
}

// ---------------------------------------------------------------- outputs

let outputTab = "catalog.yaml";

function outputTabs(): string[] {
  if (!generation) return ["catalog.yaml"];
  const providers = [...generation.files.keys()].filter(
    (p) =>
      p.startsWith("providers/") &&
      p.endsWith(".ts") &&
      !p.endsWith(".calls.ts"),
  );
  return [
    "catalog.yaml",
    "types.ts",
    "validators.ts",
    ...providers,
    "dispatcher.ts",
    ...(generation.stub ? [generation.stub[0]] : []),
  ];
}

function catalogText(): string {
  return (
    (state.mode === "check" ? currentCatalog : buildCatalogYaml(state.build)) ??
    ""
  );
}

function outputText(tab: string): string {
  if (tab === "catalog.yaml") return catalogText();
  if (generation?.stub && tab === generation.stub[0]) return generation.stub[1];
  return generation?.files.get(tab) ?? "";
}

function renderOutputs(): void {
  const tabs = $("output-tabs");
  const names = outputTabs();
  if (
    !names.includes(outputTab) &&
    !(generation?.files.has(outputTab) ?? false)
  )
    outputTab = "catalog.yaml";
  tabs.replaceChildren(
    ...names.map((name) => {
      const b = el(
        "button",
        name === generation?.stub?.[0]
          ? "handlers (stub)"
          : name.replace(/^providers\//, "").replace(/\.ts$/, ""),
      );
      b.type = "button";
      b.setAttribute("role", "tab");
      b.setAttribute("aria-selected", String(name === outputTab));
      b.dataset.testid = `tab-${name}`;
      b.addEventListener("click", () => ((outputTab = name), renderOutputs()));
      return b;
    }),
  );
  const other = $("other-files") as HTMLSelectElement;
  other.replaceChildren(new Option("other generated files…", ""));
  for (const p of generation ? [...generation.files.keys()] : [])
    if (!names.includes(p))
      other.append(new Option(p, p, false, p === outputTab));
  $("output").textContent = outputText(outputTab);
  $("output").dataset.file = outputTab;
  const notes = $("output-notes");
  notes.replaceChildren();
  const target = /^providers\/(.+)\.ts$/.exec(outputTab)?.[1];
  for (const d of generation?.decisions ?? []) {
    if (d.target !== target) continue;
    notes.append(
      el("li", `${d.tool}: ${d.strict ? "strict" : "not strict"} — ${d.why}`),
    );
  }
}

function showOutputsStatus(text: string): void {
  $("outputs-status").textContent = text;
}

// ---------------------------------------------------------------- try arguments

function renderTryChoices(): void {
  const target = $("try-target") as HTMLSelectElement;
  const tool = $("try-tool") as HTMLSelectElement;
  const targets = generation?.targets ?? [];
  const tools = generation?.tools ?? [];
  if (!targets.includes(state.tryTarget) && targets.length > 0)
    state.tryTarget = targets[0]!;
  if (!tools.includes(state.tryTool) && tools.length > 0)
    state.tryTool = tools[0]!;
  target.replaceChildren(
    ...targets.map((t) => new Option(t, t, false, t === state.tryTarget)),
  );
  tool.replaceChildren(
    ...tools.map((t) => new Option(t, t, false, t === state.tryTool)),
  );
}

async function runTry(): Promise<void> {
  const answer = {
    wouldRun: $("try-would-run"),
    status: $("try-status"),
    isError: $("try-is-error"),
    text: $("try-text"),
  };
  for (const e of Object.values(answer)) e.textContent = "";
  if (!generation) {
    answer.text.textContent =
      "No outputs yet: the catalog must generate first.";
    return;
  }
  const seq = ++outputSeq;
  const reply = await new Promise<OutputReply>((resolve) => {
    pendingTries.set(seq, resolve);
    outputWorker.postMessage({
      seq,
      kind: "try",
      generation: generation!.seq,
      request: {
        target: state.tryTarget,
        tool: state.tryTool,
        arguments: state.tryArguments,
        handlerResult: state.tryResult,
      },
    } satisfies OutputRequest);
  });
  if (reply.kind === "answer" && reply.answer.undeliverable !== undefined)
    answer.text.textContent = reply.answer.undeliverable;
  else if (reply.kind === "answer") {
    answer.wouldRun.textContent = reply.answer.wouldRun
      ? "yes: the handler ran"
      : "no: the handler was not called";
    answer.status.textContent = reply.answer.status;
    answer.isError.textContent = String(reply.answer.isError);
    answer.text.textContent = reply.answer.text;
  } else if (reply.kind === "failed") answer.text.textContent = reply.message;
  document.body.dataset.tries = String(
    Number(document.body.dataset.tries ?? "0") + 1,
  );
}

// ---------------------------------------------------------------- mode, share, notice

function setNotice(text: string): void {
  $("notice").textContent = text;
}

function setMode(mode: Mode): void {
  state.mode = mode;
  $("mode-check").setAttribute("aria-selected", String(mode === "check"));
  $("mode-build").setAttribute("aria-selected", String(mode === "build"));
  $("check-pane").hidden = mode !== "check";
  $("build-pane").hidden = mode !== "build";
  generation = undefined;
  renderOutputs();
  requestOutputs();
}

async function share(): Promise<void> {
  const fragment = await encodeShare(state);
  history.replaceState(null, "", `#${fragment}`);
  setNotice("");
  try {
    await navigator.clipboard.writeText(location.href);
    $("share").textContent = "Link copied";
  } catch {
    $("share").textContent = "Link in the address bar";
  }
  setTimeout(() => ($("share").textContent = "Share link"), 2000);
}

async function start(): Promise<void> {
  renderRuleTable($("rule-table").querySelector("tbody")!);
  if (location.hash.length > 1) {
    const read = await decodeShare(location.hash, isPageState);
    if (read.ok) adopt(state, read.state);
    else {
      // An unreadable link opens an empty page, and says why in one line.
      state.build = {
        name: "",
        description: "",
        effect: "read",
        parameters: [],
      };
      setNotice(`Opened an empty page: ${read.reason}.`);
    }
  }
  renderBuildForm();
  ($("try-arguments") as HTMLTextAreaElement).value = state.tryArguments;
  ($("try-result") as HTMLTextAreaElement).value = state.tryResult;
  setEditorText(state.check);
  if (state.check === "") requestCheck("check", "");
  setMode(state.mode);
  document.body.dataset.ready = "true";
}

$("mode-check").addEventListener("click", () => setMode("check"));
$("mode-build").addEventListener("click", () => setMode("build"));
$("example-clean").addEventListener("click", () =>
  setEditorText(CLEAN_EXAMPLE),
);
$("example-broken").addEventListener("click", () =>
  setEditorText(BROKEN_EXAMPLE),
);
$("auto-strict").addEventListener("click", () =>
  requestCheck("auto-strict", editor.state.doc.toString()),
);
$("copy-input").addEventListener(
  "click",
  () => void copyText(editor.state.doc.toString(), $("copy-input")),
);
$("copy-output").addEventListener(
  "click",
  () => void copyText(outputText(outputTab), $("copy-output")),
);
$("share").addEventListener("click", () => void share());
$("tool-name").addEventListener(
  "input",
  (e) => (
    (state.build.name = (e.target as HTMLInputElement).value),
    requestOutputs()
  ),
);
$("tool-description").addEventListener(
  "input",
  (e) => (
    (state.build.description = (e.target as HTMLTextAreaElement).value),
    requestOutputs()
  ),
);
$("tool-effect").addEventListener(
  "change",
  (e) => (
    (state.build.effect = (e.target as HTMLSelectElement).value as Effect),
    requestOutputs()
  ),
);
$("add-parameter").addEventListener(
  "click",
  () => (
    state.build.parameters.push(emptyRow() as Row),
    renderParameterRows(),
    requestOutputs()
  ),
);
$("other-files").addEventListener("change", (e) => {
  const v = (e.target as HTMLSelectElement).value;
  if (v !== "") ((outputTab = v), renderOutputs());
});
$("try-target").addEventListener(
  "change",
  (e) => (state.tryTarget = (e.target as HTMLSelectElement).value),
);
$("try-tool").addEventListener(
  "change",
  (e) => (state.tryTool = (e.target as HTMLSelectElement).value),
);
$("try-arguments").addEventListener(
  "input",
  (e) => (state.tryArguments = (e.target as HTMLTextAreaElement).value),
);
$("try-result").addEventListener(
  "input",
  (e) => (state.tryResult = (e.target as HTMLTextAreaElement).value),
);
$("try-run").addEventListener("click", () => void runTry());
window.addEventListener("hashchange", () => location.reload());

void start();
