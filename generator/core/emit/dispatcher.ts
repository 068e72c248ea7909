/**
 * The `dispatcher` artifact: generated/dispatcher.ts, `createDispatcher(handlers, options)` typed
 * by the catalog (one handler per tool, checks, `confirm` required when a tool is destructive),
 * over the runtime core copied from templates/runtime (dispatch, call store, texts, adapters).
 * The file holds only what depends on the catalog: the tool table (names, effects, the call
 * validator of each target) and the types; validators are imported, never emitted again.
 */
import { code, join, propertyKey, raw, type Code } from "../codegen/code.js";
import { camelCase } from "../codegen/identifiers.js";
import { jsdoc } from "../codegen/jsdoc.js";
import type { TargetIR } from "../ir/catalog-ir.js";
import {
  callValidatorName,
  hasCallValidator,
} from "../providers/call-validators.js";
import { lowerCatalog, providerExports } from "../providers/emitter.js";
import type { ProviderModule, RuntimeAdapter } from "../providers/provider.js";
import {
  chunkedFile,
  templateFile,
  TEMPLATE_WIDTH,
  type ArtifactEmitter,
  type EmitContext,
  type OutputFile,
} from "./artifact.js";
import { GeneratedFile } from "./generated-file.js";
import { OUTPUT_TEXT_PATH, outputTextFile } from "./output-text.js";

/** Runtime files every dispatcher needs, copied from templates/ (validation-errors.ts comes with the validators). */
export const DISPATCH_RUNTIME = [
  "runtime/tool-call.ts",
  "runtime/call-store.ts",
  "runtime/memory-store.ts",
  "runtime/call-texts.ts",
  "runtime/dispatch.ts",
  "runtime/respond.ts",
  "runtime/sqlite-store.ts",
  "runtime/postgres-store.ts",
] as const;

/** Which runtime adapter a target has (by default the one its provider module names). */
export type AdapterLookup = (
  module: ProviderModule,
) => RuntimeAdapter | undefined;

/** Names the file exports (never handed out to locals or imports). */
const EXPORTS = [
  "createDispatcher",
  "Dispatcher",
  "DispatcherOptions",
  "Handler",
  "Handlers",
  "Check",
  "Checks",
  "DestructiveTool",
  "ConfirmCall",
];

/** The dispatcher emitter for a given adapter table (tests inject one; the registry uses the modules'). */
export function createDispatcherEmitter(
  adapterOf: AdapterLookup = (module) => module.adapter,
): ArtifactEmitter {
  return {
    id: "dispatcher",
    emit(ctx: EmitContext): readonly OutputFile[] {
      const { ir } = ctx;
      const lowerings = lowerCatalog(ir);
      const file = new GeneratedFile("dispatcher.ts", ctx.header, EXPORTS);
      const runtime = (path: string) => `./${path.replace(/\.ts$/, ".js")}`;
      const dispatch = runtime("runtime/dispatch.ts");
      const createCore = file.importFrom(dispatch, "createDispatchCore");
      const DispatchOptions = file.importFrom(dispatch, "DispatchOptions", {
        typeOnly: true,
      });
      const HandlerContext = file.importFrom(dispatch, "HandlerContext", {
        typeOnly: true,
      });
      const CheckProblem = file.importFrom(dispatch, "CheckProblem", {
        typeOnly: true,
      });
      const RunOptions = file.importFrom(dispatch, "RunOptions", {
        typeOnly: true,
      });
      const ToolTable = file.importFrom(dispatch, "ToolTable", {
        typeOnly: true,
      });
      const Effect = file.importFrom(dispatch, "Effect", { typeOnly: true });
      const toolCall = runtime("runtime/tool-call.ts");
      const CallResult = file.importFrom(toolCall, "CallResult", {
        typeOnly: true,
      });
      const ToolCall = file.importFrom(toolCall, "ToolCall", {
        typeOnly: true,
      });
      const TargetName = file.importFrom(toolCall, "TargetName", {
        typeOnly: true,
      });
      const ToolName = file.importFrom("./types.js", "ToolName", {
        typeOnly: true,
      });
      const ToolInput = file.importFrom("./types.js", "ToolInput", {
        typeOnly: true,
      });
      const ToolOutput = file.importFrom("./types.js", "ToolOutput", {
        typeOnly: true,
      });
      const validate = file.importFrom("./validators.js", "validate");
      const validateOutput = file.importFrom(
        "./validators.js",
        "validateOutput",
      );
      const outputText = file.importFrom(
        `./${OUTPUT_TEXT_PATH.replace(/\.ts$/, ".js")}`,
        "outputText",
      );

      const tools = ir.tools;
      const destructive = tools.filter((t) => t.effect === "destructive");
      const names = file.scope.unique("toolNames");
      const effects = file.scope.unique("effects");
      const table = file.scope.unique("table");

      // Each declaration is written flat (canonical) with, where it is fixed text wider than
      // prettier's default width, how prettier breaks it there (`laidOut`; the dispatcher test
      // checks every one against prettier).
      const doc = (text: string) => raw(jsdoc([text]));
      // Only where every line then fits: the layout was checked for these names.
      const at80 = (c: Code) =>
        c.text
          .split("\n")
          .every((l) => l.length <= TEMPLATE_WIDTH || /^\s*(?:\/\*|\*)/.test(l))
          ? { width: TEMPLATE_WIDTH, code: c }
          : undefined;
      const handlerDoc = doc(
        "The handler of one tool: its validated, typed arguments in, its result (checked against the tool's `output`) out.",
      );
      file.printLaidOut(
        code`${handlerDoc}export type Handler<K extends ${ToolName}> = (args: ${ToolInput}[K], ctx: ${HandlerContext}<K>) => ${ToolOutput}[K] | Promise<${ToolOutput}[K]>;`,
        at80(code`${handlerDoc}export type Handler<K extends ${ToolName}> = (
  args: ${ToolInput}[K],
  ctx: ${HandlerContext}<K>,
) => ${ToolOutput}[K] | Promise<${ToolOutput}[K]>;`),
      );
      file.printCanonical(
        code`${doc("One handler per tool of the catalog: a missing, extra or mistyped one does not compile.")}export type Handlers = { readonly [K in ${ToolName}]: Handler<K> };`,
      );
      const checkDoc = doc(
        "A domain check: rules a schema cannot say. Runs after the arguments passed the schema; a problem refuses the call (`check-failed`) with the app's message for the model.",
      );
      file.printLaidOut(
        code`${checkDoc}export type Check<K extends ${ToolName}> = (args: ${ToolInput}[K], ctx: ${HandlerContext}<K>) => readonly ${CheckProblem}[] | Promise<readonly ${CheckProblem}[]>;`,
        at80(code`${checkDoc}export type Check<K extends ${ToolName}> = (
  args: ${ToolInput}[K],
  ctx: ${HandlerContext}<K>,
) => readonly ${CheckProblem}[] | Promise<readonly ${CheckProblem}[]>;`),
      );
      file.printCanonical(
        code`${doc("Domain checks by tool (any subset).")}export type Checks = { readonly [K in ${ToolName}]?: Check<K> };`,
        code`${doc("The tools whose `effect` is `destructive`: each call is confirmed before it runs.")}export type DestructiveTool = ${
          destructive.length === 0
            ? raw("never")
            : join(
                destructive.map((t) => code`${t.name}`),
                " | ",
              )
        };`,
      );
      const optionsHead = (d: Code) => ({
        flat: code`${d}export interface DispatcherOptions extends Omit<${DispatchOptions}, "checks" | "confirm"> {`,
        laidOut: code`${d}export interface DispatcherOptions extends Omit<
  ${DispatchOptions},
  "checks" | "confirm"
> {`,
      });
      if (destructive.length > 0) {
        const ConfirmRequest = file.importFrom(dispatch, "ConfirmRequest", {
          typeOnly: true,
        });
        const confirmDoc = doc(
          "What `confirm` is asked about: the tool, its validated arguments, the call's identity.",
        );
        file.printLaidOut(
          code`${confirmDoc}export type ConfirmCall = { [K in DestructiveTool]: ${ConfirmRequest}<K, ${ToolInput}[K]> }[DestructiveTool];`,
          at80(code`${confirmDoc}export type ConfirmCall = {
  [K in DestructiveTool]: ${ConfirmRequest}<K, ${ToolInput}[K]>;
}[DestructiveTool];`),
        );
        const head = optionsHead(
          doc(
            "Options of `createDispatcher`. `confirm` is required: the catalog has destructive tools; anything but `true` refuses the call (`not-confirmed`).",
          ),
        );
        const body = code`
  readonly checks?: Checks;
  readonly confirm: (call: ConfirmCall) => boolean | Promise<boolean>;
}`;
        file.printLaidOut(
          code`${head.flat}${body}`,
          at80(code`${head.laidOut}${body}`),
          true,
        );
      } else {
        const head = optionsHead(
          doc(
            "Options of `createDispatcher` (the catalog has no destructive tool, so nothing to confirm).",
          ),
        );
        const body = code`
  readonly checks?: Checks;
}`;
        file.printLaidOut(
          code`${head.flat}${body}`,
          at80(code`${head.laidOut}${body}`),
          true,
        );
      }

      // The tool table: effects (a tool that does not say counts as a write), the names read off
      // them (one entry per line, so adding a tool touches one line; no separate list that
      // prettier re-wraps when it grows or shrinks), and each target's call validator.
      file.printCanonical(
        code`${raw(jsdoc(["Each tool's `effect` (`write` where the catalog does not say)."]))}const ${effects} = Object.freeze<{ readonly [K in ${ToolName}]: ${Effect} }>({
  ${join(
    tools.map(
      (t) => code`${raw(propertyKey(t.name))}: ${t.effect ?? "write"},`,
    ),
    "\n  ",
  )}
});`,
      );
      const namesDoc = doc(
        "Every tool, in catalog order (Object.keys order: an integer-like name, which name-portable warns about, would come first).",
      );
      file.printLaidOut(
        code`${namesDoc}const ${names}: readonly ${ToolName}[] = Object.freeze(Object.keys(${effects}) as ${ToolName}[]);`,
        at80(code`${namesDoc}const ${names}: readonly ${ToolName}[] = Object.freeze(
  Object.keys(${effects}) as ${ToolName}[],
);`),
      );
      const routed = lowerings.filter((l) => hasCallValidator(l.tools));
      const cases = routed.map((l) => {
        const validator = file.importFrom(
          `./providers/${l.target.id}.calls.js`,
          callValidatorName(l.target.id),
        );
        return code`      case ${l.target.id}:
        return ${validator}(name, args);`;
      });
      const validateCall =
        cases.length === 0
          ? code`  validateCall(_target: ${TargetName}, name: ${ToolName}, args: unknown) {
    return ${validate}(name, args);
  },`
          : code`  validateCall(target: ${TargetName}, name: ${ToolName}, args: unknown) {
    switch (target) {
${join(cases, "\n")}
      default:
        return ${validate}(name, args);
    }
  },`;
      file.printCanonical(
        code`${raw(jsdoc(["What the core needs to know about the catalog. A call is checked with the validator of the target that sent it: for a target whose strict declarations announce null-for-omitted, its call validator (declared schema, then normalisation, then the catalog's); otherwise the catalog's."]))}const ${table}: ${ToolTable} = {
  names: ${names},
  effects: ${effects},
${validateCall}
  validateOutput(name: ${ToolName}, value: unknown) {
    return ${validateOutput}(name, value);
  },
  outputText(name: ${ToolName}, value: unknown) {
    return ${outputText}(name, value);
  },
};`,
      );

      // Adapters for the enabled targets that have one: dispatcher.<camelCase target>.
      const adapters: {
        readonly target: TargetIR;
        readonly adapter: RuntimeAdapter;
      }[] = [];
      for (const l of lowerings) {
        const adapter = adapterOf(l.module);
        if (adapter !== undefined) adapters.push({ target: l.target, adapter });
      }
      // Each member is written with its type too: the return type of createDispatcher is declared,
      // never inferred, so --js can emit declarations file by file (isolatedDeclarations).
      const members: Code[] = [];
      const memberTypes: Code[] = [];
      for (const { target, adapter } of adapters) {
        const imported = file.importFrom(runtime(adapter.file), adapter.export);
        const property = raw(propertyKey(camelCase(target.id)));
        if (adapter.bind === undefined) {
          // Imported only where used: a catalog whose adapters all bind themselves (MCP alone) has no use for it.
          const bindAdapter = file.importFrom(
            runtime("runtime/respond.ts"),
            "bindAdapter",
          );
          const BoundTo = file.importFrom(
            runtime("runtime/respond.ts"),
            "BoundTo",
            { typeOnly: true },
          );
          members.push(code`${property}: ${bindAdapter}(${imported}, run)`);
          memberTypes.push(
            code`  readonly ${property}: ${BoundTo}<typeof ${imported}>;`,
          );
        } else {
          const bind = file.importFrom(runtime(adapter.file), adapter.bind);
          const declarations = file.importFrom(
            `./providers/${target.id}.js`,
            providerExports(target.id).tools,
          );
          members.push(
            code`${property}: ${bind}(${imported}, run, ${declarations})`,
          );
          memberTypes.push(
            code`  readonly ${property}: ReturnType<typeof ${bind}<typeof ${declarations}>>;`,
          );
        }
      }
      const optionsParam =
        destructive.length > 0
          ? code`options: DispatcherOptions`
          : code`options: DispatcherOptions = {}`;
      const core = file.scope.unique("core");
      const dispatcherDoc = raw(
        jsdoc([
          "The one checkpoint between a model's tool calls and the handlers. `run(call)` checks, in order: complete, a known tool, a JSON object, valid for the target that sent it, the domain checks, confirmation (destructive tools); then it claims the call id in the store, runs the handler, checks its result against `output` and records it. A refused call has no effect, and `run` never throws.",
          adapters.length > 0
            ? `Per provider: ${adapters.map((a) => `\`${camelCase(a.target.id)}\``).join(", ")} (\`respond(response)\`, \`respondToStream(events)\`).`
            : undefined,
        ]),
      );
      const returned = [code`run`, ...members];
      const flatReturn = code`  return { ${join(returned, ", ")} };`;
      file.printLaidOut(
        code`${dispatcherDoc}export function createDispatcher(handlers: Handlers, ${optionsParam}): Dispatcher {
  const ${core} = ${createCore}<${ToolOutput}[${ToolName}]>(${table}, handlers, options);
  const run = (call: ${ToolCall}, runOptions?: ${RunOptions}): Promise<${CallResult}<${ToolOutput}[${ToolName}]>> => ${core}.run(call, runOptions);
${flatReturn}
}`,
        at80(code`${dispatcherDoc}export function createDispatcher(
  handlers: Handlers,
  ${optionsParam},
): Dispatcher {
  const ${core} = ${createCore}<${ToolOutput}[${ToolName}]>(
    ${table},
    handlers,
    options,
  );
  const run = (
    call: ${ToolCall},
    runOptions?: ${RunOptions},
  ): Promise<${CallResult}<${ToolOutput}[${ToolName}]>> => ${core}.run(call, runOptions);
${
  flatReturn.text.length <= TEMPLATE_WIDTH
    ? flatReturn
    : code`  return {
${join(
  returned.map((r) => code`    ${r},`),
  "\n",
)}
  };`
}
}`),
      );
      const runMember = (laidOut: boolean) =>
        laidOut
          ? code`  readonly run: (
    call: ${ToolCall},
    runOptions?: ${RunOptions},
  ) => Promise<${CallResult}<${ToolOutput}[${ToolName}]>>;`
          : code`  readonly run: (call: ${ToolCall}, runOptions?: ${RunOptions}) => Promise<${CallResult}<${ToolOutput}[${ToolName}]>>;`;
      const dispatcherType = (laidOut: boolean) =>
        code`${raw(jsdoc(["What `createDispatcher` returns: `run` for one provider-neutral call, and one member per provider target with an adapter."]))}export interface Dispatcher {
${join([runMember(laidOut), ...memberTypes], "\n")}
}`;
      file.printLaidOut(
        dispatcherType(false),
        at80(dispatcherType(true)),
        true,
      );

      const files: OutputFile[] = [
        chunkedFile(file.path, "typescript", file.toChunks()),
        outputTextFile(ir, ctx.header),
      ];
      for (const path of DISPATCH_RUNTIME)
        files.push(templateFile(path, ctx.header, ctx.readTemplate(path)));
      const copied = new Set<string>();
      for (const { adapter } of adapters) {
        for (const path of [adapter.file, ...(adapter.uses ?? [])]) {
          if (
            copied.has(path) ||
            (DISPATCH_RUNTIME as readonly string[]).includes(path)
          )
            continue;
          copied.add(path);
          files.push(templateFile(path, ctx.header, ctx.readTemplate(path)));
        }
      }
      return files;
    },
  };
}

export const dispatcherEmitter: ArtifactEmitter = createDispatcherEmitter();
