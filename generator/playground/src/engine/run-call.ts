/**
 * Try arguments: the generated dispatcher itself, run in the page. The generated modules are
 * stripped of their types (strip-types.ts), linked to one another as blob: module URLs and
 * imported; `createDispatcher` then answers a call exactly as it does in an app, with handlers
 * that return the value the user says the handler returns.
 */
import { stripTypes, type StrippedModule } from "./strip-types.js";

export interface CallAnswer {
  /** Set when the text cannot arrive from that target (then nothing was run). */
  readonly undeliverable?: string;
  /** The handler was called (the call passed every check before it). */
  readonly wouldRun: boolean;
  readonly status: string;
  readonly isError: boolean;
  readonly text: string;
}

export interface TryRequest {
  readonly target: string;
  readonly tool: string;
  /** The arguments as the provider delivers them (JSON text). */
  readonly arguments: string;
  /** What the handler returns (JSON text). */
  readonly handlerResult: string;
}

/**
 * How each target delivers arguments (ToolCall.arguments in templates/runtime/tool-call.ts): a
 * JSON text for OpenAI Chat, Responses and OpenAI-compatible servers; an already parsed value for
 * the others. The page takes JSON text for every target and parses it for the latter, as their
 * SDKs do before the app sees the call.
 */
export const ARGUMENTS_AS_TEXT: ReadonlySet<string> = new Set([
  "openai-chat",
  "openai-responses",
  "openai-compatible",
]);

/** What the page passes as `ToolCall.arguments` for the target, or why such text cannot arrive. */
export function deliveredArguments(
  target: string,
  text: string,
):
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string } {
  if (ARGUMENTS_AS_TEXT.has(target)) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      reason: `${target} delivers the arguments already parsed, so they are JSON: this text is not (OpenAI Chat, Responses and compatible servers deliver the text as the model wrote it)`,
    };
  }
}

interface DispatcherModule {
  createDispatcher(
    handlers: Record<string, () => unknown>,
    options: { confirm: () => boolean },
  ): {
    run(
      call: object,
    ): Promise<{ status: string; isError: boolean; text: string }>;
  };
}

function resolvePath(from: string, specifier: string): string {
  if (!specifier.startsWith("."))
    throw new Error(`generated code imports a package (${specifier})`);
  const parts = from.split("/").slice(0, -1);
  for (const seg of specifier.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/").replace(/\.js$/, ".ts");
}

/**
 * Loads `dispatcher.ts` of the output files (path → text) and what it imports. A blob: URL is
 * known only once its text is, so modules that import each other in a cycle (the call store
 * re-exports the memory store, which imports the call store) become one module: their texts are
 * joined in the order ES modules would evaluate them, imports between them dropped (the names
 * are then declared in the same scope) and re-exports between them kept as local exports.
 */
export async function loadDispatcher(
  files: ReadonlyMap<string, string>,
): Promise<{ module: DispatcherModule; release: () => void }> {
  const stripped = new Map<string, StrippedModule>();
  const edges = new Map<string, string[]>();
  const collect = async (path: string): Promise<void> => {
    if (stripped.has(path)) return;
    const text = files.get(path);
    if (text === undefined) throw new Error(`the output has no ${path}`);
    const module = await stripTypes(path, text);
    stripped.set(path, module);
    edges.set(
      path,
      module.specifiers.map((s) => resolvePath(path, s.value)),
    );
    for (const next of edges.get(path)!) await collect(next);
  };
  await collect("dispatcher.ts");
  const urls = new Map<string, string>();
  for (const component of stronglyConnected("dispatcher.ts", edges)) {
    const members = new Set(component);
    const parts = component.map((path) => {
      const module = stripped.get(path)!;
      return relinkWithin(
        module,
        (s) => resolvePath(path, s),
        members,
        (target) => urls.get(target)!,
      );
    });
    const url = URL.createObjectURL(
      new Blob([parts.join("\n")], { type: "text/javascript" }),
    );
    for (const path of component) urls.set(path, url);
  }
  const module = (await import(
    /* @vite-ignore */ urls.get("dispatcher.ts")!
  )) as DispatcherModule;
  return {
    module,
    release: () =>
      new Set(urls.values()).forEach((u) => URL.revokeObjectURL(u)),
  };
}

/** Tarjan's components, dependencies first; each component's members in evaluation order. */
function stronglyConnected(
  entry: string,
  edges: ReadonlyMap<string, readonly string[]>,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const finished: string[] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w))
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    finished.push(v);
    if (low.get(v) === index.get(v)) {
      const component = new Set<string>();
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.add(w);
      } while (w !== v);
      // ES modules evaluate a cycle's members in the order their depth-first visits finish.
      out.push(finished.filter((m) => component.has(m)));
    }
  };
  visit(entry);
  return out;
}

/** One module's text for its component's blob: outside imports linked, inside ones resolved locally. */
function relinkWithin(
  module: StrippedModule,
  resolve: (specifier: string) => string,
  members: ReadonlySet<string>,
  urlOf: (path: string) => string,
): string {
  let out = "";
  let at = 0;
  for (const s of module.specifiers) {
    const target = resolve(s.value);
    const d = s.declaration;
    if (!members.has(target)) {
      out += module.code.slice(at, s.start) + JSON.stringify(urlOf(target));
      at = s.end;
      continue;
    }
    out += module.code.slice(at, d.start);
    if (
      d.whole ||
      d.kind === "export-all" ||
      (d.kind === "import" && d.names.some((n) => n.imported !== n.local))
    )
      throw new Error(
        `cannot join modules that import each other with ${module.code.slice(d.start, d.end)}`,
      );
    // A name re-exported as it is is already exported by the member that declares it.
    const renamed =
      d.kind === "export-from"
        ? d.names.filter((n) => n.imported !== n.local)
        : [];
    if (renamed.length > 0)
      out += `export { ${renamed.map((n) => `${n.imported} as ${n.local}`).join(", ")} };`;
    at = d.end;
  }
  return out + module.code.slice(at);
}

/** One call through `dispatcher.run`, with a handler per tool that returns `handlerResult`. */
export async function answerCall(
  module: DispatcherModule,
  tools: readonly string[],
  request: TryRequest,
): Promise<CallAnswer> {
  const delivered = deliveredArguments(request.target, request.arguments);
  if (!delivered.ok)
    return {
      undeliverable: delivered.reason,
      wouldRun: false,
      status: "",
      isError: false,
      text: "",
    };
  let ran = false;
  let returned: unknown;
  try {
    returned = JSON.parse(request.handlerResult);
  } catch {
    throw new Error("the handler result is not JSON");
  }
  const handler = () => {
    ran = true;
    return structuredClone(returned);
  };
  const dispatcher = module.createDispatcher(
    Object.fromEntries(tools.map((t) => [t, handler])),
    { confirm: () => true },
  );
  const result = await dispatcher.run({
    target: request.target,
    id: "call_playground",
    name: request.tool,
    arguments: delivered.value,
  });
  return {
    wouldRun: ran,
    status: result.status,
    isError: result.isError,
    text: result.text,
  };
}
