/**
 * The dispatcher core: the one checkpoint between a model's tool call and the app's side effects.
 * `run` takes a call as the provider sent it and, in this order, checks that it is complete, that
 * it names a tool, that its arguments are a JSON object valid for the target that sent it; then
 * whether its call id was seen before (a completed call is replayed, bound to its tool and
 * canonical arguments: another request under the same id is refused); then the app's domain
 * checks and (for destructive tools) the user's confirmation. Only then does it claim the call
 * id in the store, run the handler, check the result against the tool's output schema and record
 * it — durably, before `run` resolves. A call refused at any step has no effect: no handler, no
 * store write. `run` never throws: every outcome is a `CallResult`.
 *
 * generated/dispatcher.ts types this core by the catalog (handlers, checks, confirm) and gives it
 * the generated validators. Copied into generated output (runtime/dispatch.ts); real TypeScript.
 */
import {
  callDigest,
  memoryCallStore,
  type CallIdentity,
  type CallStore,
  type ClaimOutcome,
  type FoundCall,
  type StoredResult,
} from "./call-store.js";
import {
  badIdText,
  checkErrorText,
  checkFailedText,
  handlerFailedText,
  incompleteText,
  inProgressText,
  invalidOutputText,
  notConfirmedText,
  notJsonText,
  notObjectText,
  outcomeUnknownText,
  reusedIdText,
  storeFailedText,
  uncheckableText,
  unknownToolText,
  unreadableArgumentsText,
} from "./call-texts.js";
import type {
  CallProblem,
  CallResult,
  CallStatus,
  TargetName,
  ToolCall,
} from "./tool-call.js";
import { excerpt, renderValidationErrors } from "./validation-errors.js";

/** A tool's `effect` in the catalog (a tool that does not say is treated as `write`). */
export type Effect = "read" | "write" | "destructive";

/** A validator's answer, as the generated validators give it. */
export type CheckedValue =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly errors: readonly ValidatorProblem[] };

/** A validator's error: a `CallProblem` with Ajv's `params` always present. */
export type ValidatorProblem = CallProblem & {
  readonly params: { readonly [name: string]: unknown };
};

/**
 * What the generated dispatcher tells the core about the catalog. Methods (not function
 * properties) so that validators typed by tool name fit: the core asks only about known tools.
 */
export interface ToolTable {
  /** Every tool, in catalog order. */
  readonly names: readonly string[];
  /** Each tool's effect, by name (own keys only). */
  readonly effects: { readonly [name: string]: Effect };
  /** The call validator of the target that sent the call (OpenAI strict: declared, normalised, catalog). */
  validateCall(target: TargetName, name: string, args: unknown): CheckedValue;
  validateOutput(name: string, value: unknown): CheckedValue;
  /** The JSON text of a result that passed `validateOutput`: JSON.stringify's bytes, written by the tool's compiled text function. */
  outputText(name: string, value: unknown): string | undefined;
}

/** The minimum of an `AbortSignal` the core relies on. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/** The platform's `AbortSignal` type where the program has one (DOM or Node types), else `AbortSignalLike`. */
export type AbortSignalType = typeof globalThis extends {
  AbortSignal: { prototype: infer Signal };
}
  ? Signal
  : AbortSignalLike;

/** What else identifies a call (Agents API: the session and turn it belongs to). */
export interface CallScope {
  readonly sessionId?: string;
  readonly turnId?: string;
}

/** The second argument of a handler and of a domain check. */
export interface HandlerContext<Tool extends string = string> {
  readonly tool: Tool;
  readonly target: TargetName;
  /** The provider's call id (undefined when it sent none). */
  readonly callId: string | undefined;
  readonly scope: CallScope;
  /** Aborted when the caller of `run` aborts (`run(call, { signal })`). */
  readonly signal: AbortSignalType;
}

/** One problem a domain check finds, in the validator's shape: a JSON Pointer and a message. */
export interface CheckProblem {
  /** JSON Pointer into the arguments (`/date`), "" for the call as a whole. */
  readonly instancePath: string;
  /** What the model reads for this field (the app's own words). */
  readonly message: string;
  readonly keyword?: string;
  readonly params?: { readonly [name: string]: unknown };
}

/** What `confirm` sees: the tool, its validated arguments and the call's identity. */
export interface ConfirmRequest<Tool extends string = string, Args = unknown> {
  readonly tool: Tool;
  readonly target: TargetName;
  readonly id: string | undefined;
  readonly scope: CallScope;
  readonly arguments: Args;
}

/** One event per call, for logs and metrics. */
export interface CallEvent {
  readonly status: CallStatus;
  readonly tool: string;
  readonly target: TargetName;
  readonly id: string | undefined;
  readonly replayed: boolean;
  /** Milliseconds spent parsing and checking the arguments (schema and domain checks). */
  readonly validationMs: number;
  /** Milliseconds spent in the handler (0 when it did not run). */
  readonly handlerMs: number;
  /** Every failing field (arguments or output), empty when there is none. */
  readonly errors: readonly CallProblem[];
  /** What a handler, check, confirm or store threw (never shown to the model); absent when nothing threw. */
  readonly error?: unknown;
  readonly result: CallResult;
}

// Handlers, checks and confirm are typed per tool by generated/dispatcher.ts; here they are
// taken in a method-shaped (bivariant) type so those typed functions fit without casts.
type AnyHandler = {
  handle(args: unknown, ctx: HandlerContext): unknown;
}["handle"];
type AnyCheck = {
  check(args: unknown, ctx: HandlerContext): unknown;
}["check"];
type AnyConfirm = {
  confirm(request: ConfirmRequest): unknown;
}["confirm"];

export interface RuntimeHandlers {
  readonly [tool: string]: AnyHandler | undefined;
}

export interface DispatchOptions {
  /** Domain checks by tool: run after the schema passed, before confirmation. May be async. */
  readonly checks?: { readonly [tool: string]: AnyCheck | undefined };
  /** Asked before a destructive tool runs; anything but `true` is a refusal (`not-confirmed`). */
  readonly confirm?: AnyConfirm;
  /** Where call ids are claimed and results recorded (default: a new in-memory store). */
  readonly store?: CallStore;
  /** Receives one event per call; whatever it throws is contained. */
  readonly onEvent?: (event: CallEvent) => unknown;
  /**
   * A call claimed by another dispatcher longer ago than this (ms) and never completed is taken
   * as abandoned: its process died. Younger claims are answered `in-progress`. Default 60 000.
   */
  readonly staleClaimMs?: number;
  /** Wall clock for claims, ms since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

export interface RunOptions {
  /** Passed to the handler as `ctx.signal`. */
  readonly signal?: AbortSignalType;
}

/** The core's entry point; `Output` is the union of the tools' output types. */
export interface DispatchCore<Output = unknown> {
  run(call: ToolCall, options?: RunOptions): Promise<CallResult<Output>>;
}

/** Targets whose arguments arrive as JSON text; all others send an already parsed value. */
const TEXT_ARGUMENT_TARGETS: ReadonlySet<string> = new Set([
  "openai-chat",
  "openai-responses",
  "openai-compatible",
]);

/** Longest call id (with its scope parts) accepted; a longer one is refused. */
const MAX_ID_LENGTH = 512;

const hasOwn = Object.prototype.hasOwnProperty;
const NO_SCOPE: CallScope = Object.freeze({});
const NO_ERRORS: readonly CallProblem[] = Object.freeze([]);

/** Per-call facts for the event, filled in as the steps run. */
interface Trace {
  validationMs: number;
  handlerMs: number;
  /**
   * The clock when the arguments were accepted, or -1 once anything that takes time (confirm, a
   * store outside this process) ran after it: then the handler's start is read again. Reading
   * the clock costs about as much as a map insert, so a call reads it three times, not four.
   */
  acceptedAt: number;
  thrown: boolean;
  error: unknown;
}

export function createDispatchCore<Output = unknown>(
  table: ToolTable,
  handlers: RuntimeHandlers,
  options: DispatchOptions = {},
): DispatchCore<Output> {
  for (const name of table.names) {
    if (
      typeof (hasOwn.call(handlers, name) ? handlers[name] : undefined) !==
      "function"
    )
      throw new TypeError(
        `createDispatcher: no handler for the tool ${JSON.stringify(name)}`,
      );
    if (
      table.effects[name] === "destructive" &&
      typeof options.confirm !== "function"
    )
      throw new TypeError(
        `createDispatcher: the tool ${JSON.stringify(name)} is destructive, so options.confirm is required`,
      );
  }
  const store = options.store ?? memoryCallStore();
  // A claim in this process's memory takes no measurable time: the handler's clock starts when
  // the arguments were accepted (see Trace.acceptedAt).
  const storeInMemory = store.inMemory === true;
  const checks = options.checks;
  const confirm = options.confirm;
  const onEvent = options.onEvent;
  const staleClaimMs = options.staleClaimMs ?? 60_000;
  const owner = randomToken();
  // Timings are only for events: without a sink, no clock is read.
  const performanceClock = globalPerformance();
  const clock =
    onEvent === undefined
      ? noClock
      : performanceClock !== undefined
        ? () => performanceClock.now()
        : Date.now;
  // Claim times. A database store is shared between processes, so its claims carry the wall
  // clock. The in-memory store is this process's alone, so its claims are timed by the monotonic
  // clock the events read (counted from its time origin, so it reads as wall time), and a claim
  // takes the reading made when the arguments were accepted: a clock read costs about as much as
  // a map insert, and this is on every call's path.
  const monotonicClaims =
    options.now === undefined &&
    storeInMemory &&
    performanceClock !== undefined;
  // Read once: `performance.timeOrigin` is a getter that costs about as much as a clock read.
  const timeOrigin = monotonicClaims ? performanceClock!.timeOrigin : 0;
  const now: () => number =
    options.now ??
    (monotonicClaims ? () => timeOrigin + performanceClock!.now() : Date.now);
  const claimTime = (trace: Trace): number =>
    monotonicClaims && onEvent !== undefined && trace.acceptedAt >= 0
      ? timeOrigin + trace.acceptedAt
      : now();

  // The steps below run synchronously for as long as every answer they get is synchronous (the
  // schema, a synchronous check or store, a handler that returns a value); each step that gets a
  // promise continues in its `then`. So a call costs a promise only where the app's code (or its
  // store) is asynchronous, not one per step: this is on every call's path.
  async function run(
    call: ToolCall,
    runOptions?: RunOptions,
  ): Promise<CallResult> {
    // Without a sink nobody reads the trace: the steps write into a shared, discarded one.
    const trace: Trace =
      onEvent !== undefined
        ? {
            validationMs: 0,
            handlerMs: 0,
            acceptedAt: -1,
            thrown: false,
            error: undefined,
          }
        : DISCARDED_TRACE;
    let step: Step;
    try {
      step = steps(call, trace, runOptions?.signal);
      // An asynchronous handler is awaited here, in `run` itself, not in a function of its own:
      // one promise and one tick per call fewer.
      for (;;) {
        if (step instanceof HandlerRunning) {
          const running = step;
          try {
            step = outputChecked(
              call,
              running.name,
              trace,
              running.key,
              running.started,
              await running.returned,
            );
          } catch (e) {
            step = handlerThrew(
              call,
              running.name,
              trace,
              running.key,
              running.started,
              e,
            );
          }
        } else if (isThenable(step)) step = await step;
        else break;
      }
    } catch (e) {
      step = crashed(call, trace, e);
    }
    return finished(step, trace);
  }

  /** The arguments passed every check: the validation time, and the clock for the handler's start. */
  function accepted(trace: Trace, started: number): void {
    const at = clock();
    trace.validationMs = at - started;
    trace.acceptedAt = at;
  }

  /** Only a bug (or an exotic value no check foresaw) gets here; the call did not run. */
  function crashed(call: ToolCall, trace: Trace, e: unknown): CallResult {
    threw(trace, e);
    const label = labelOf(call);
    return refusal(call, label, "handler-failed", handlerFailedText(label));
  }

  function finished(result: CallResult, trace: Trace): CallResult {
    if (onEvent !== undefined) emit(result, trace);
    // The shared trace must not keep what a handler threw alive.
    else trace.error = undefined;
    return result;
  }

  function emit(result: CallResult, trace: Trace): void {
    const event: CallEvent = {
      status: result.status,
      tool: result.tool,
      target: result.target,
      id: result.id,
      replayed: result.replayed,
      validationMs: trace.validationMs,
      handlerMs: trace.handlerMs,
      errors: result.errors ?? NO_ERRORS,
      result,
    };
    if (trace.thrown) (event as { error?: unknown }).error = trace.error;
    try {
      const returned = onEvent!(event);
      if (isThenable(returned)) returned.then(undefined, ignore);
    } catch {
      // An event sink's failure must not change the call's outcome.
    }
  }

  // The steps of a call, in order, each a function below (a step that gets a promise goes on in
  // its `then`; `run` awaits a running handler):
  //   1–2  steps          complete? a known tool? a usable call id?
  //   3    parsed         JSON text (OpenAI and compatible) → an object
  //   4    validated      the target's call validator; the handler's context
  //   5    seenBefore     a recorded call id: replayed, refused or in progress (answerFromRecord)
  //   6    domainChecked  the app's check (checkedByApp), then confirmed: `confirm` for a destructive tool
  //   7    claimed        the claim (afterClaim: ours, replayed, or someone else's), then
  //        handled        the handler, then
  //        outputChecked  its result against `output`, and the result's text, then
  //        record         the result in the store, committed before `run` resolves
  // Every refusal is built by `refusal`, every result by `callResult` (module level).

  /** Steps 1 and 2 (complete, a known tool) and the call id's shape, then on to parsing. */
  function steps(
    call: ToolCall,
    trace: Trace,
    signal: AbortSignalType | undefined,
  ): Step {
    const name = call.name;
    // 1. Complete?
    if (call.complete === false) {
      const label = labelOf(call);
      return refusal(call, label, "incomplete", incompleteText(label));
    }
    // 2. Known tool?
    if (typeof name !== "string" || !hasOwn.call(table.effects, name))
      return refusal(
        call,
        labelOf(call),
        "unknown-tool",
        unknownToolText(name, table.names),
      );
    const idProblem = identityProblem(call);
    if (idProblem !== undefined)
      return refusal(
        call,
        name,
        "invalid-arguments",
        badIdText(name, idProblem),
        [{ instancePath: "", keyword: "callId", message: idProblem }],
      );
    return parsed(call, name, trace, clock(), signal);
  }

  /** 3. The arguments as a JSON object: text is parsed for the targets that send text. */
  function parsed(
    call: ToolCall,
    name: string,
    trace: Trace,
    started: number,
    signal: AbortSignalType | undefined,
  ): Step {
    // An adapter that could not read the arguments (a refused stream of fragments) says why.
    if (call.argumentsProblem !== undefined) {
      trace.validationMs = clock() - started;
      return unreadable(call, name, call.argumentsProblem);
    }
    let args = call.arguments;
    if (typeof args === "string" && TEXT_ARGUMENT_TARGETS.has(call.target)) {
      if (args === "") args = {};
      else {
        try {
          args = JSON.parse(args) as unknown;
        } catch {
          trace.validationMs = clock() - started;
          return refusal(
            call,
            name,
            "invalid-arguments",
            notJsonText(name, args as string),
            [
              {
                instancePath: "",
                keyword: "json",
                message: "must be JSON text",
              },
            ],
          );
        }
      }
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      trace.validationMs = clock() - started;
      return refusal(
        call,
        name,
        "invalid-arguments",
        notObjectText(name, args),
        [
          {
            instancePath: "",
            keyword: "type",
            params: { type: "object" },
            message: "must be object",
          },
        ],
      );
    }
    return validated(call, name, args, trace, started, signal);
  }

  /** 4. Valid for the target that sent it? Then the handler's context, and on to step 5 or 6. */
  function validated(
    call: ToolCall,
    name: string,
    args: object,
    trace: Trace,
    started: number,
    signal: AbortSignalType | undefined,
  ): Step {
    let checked: CheckedValue;
    try {
      checked = table.validateCall(call.target, name, args);
    } catch {
      // A value too deep for the validator's recursion, for one.
      trace.validationMs = clock() - started;
      return refusal(call, name, "invalid-arguments", uncheckableText(name), [
        { instancePath: "", keyword: "depth", message: "could not be checked" },
      ]);
    }
    if (!checked.ok) {
      trace.validationMs = clock() - started;
      return refusal(
        call,
        name,
        "invalid-arguments",
        renderValidationErrors(name, checked.errors, args),
        checked.errors,
      );
    }
    const value = checked.value;
    const ctx: HandlerContext = {
      tool: name,
      target: call.target,
      callId: call.id,
      scope: call.scope ?? NO_SCOPE,
      signal: signal ?? neverAborted(),
    };
    const check =
      checks !== undefined && hasOwn.call(checks, name)
        ? checks[name]
        : undefined;
    // 5. Seen before? Asked here only when a domain check or `confirm` comes next: a call id
    // that already ran is replayed without them. Otherwise the claim itself finds the record.
    if (
      call.id !== undefined &&
      store.find !== undefined &&
      (check !== undefined || table.effects[name] === "destructive")
    )
      return seenBefore(call, value, ctx, trace, started, check);
    return domainChecked(call, value, ctx, trace, started, check);
  }

  /** 5. Reads the call id's record: answered from it when there is one, else on to the checks. */
  function seenBefore(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
    started: number,
    check: AnyCheck | undefined,
  ): Step {
    const name = ctx.tool;
    const digest = callDigest(name, value);
    let found: FoundCall | undefined | Promise<FoundCall | undefined>;
    try {
      found = store.find!(call);
    } catch (e) {
      return storeFailed(call, name, trace, e);
    }
    const onward = (record: FoundCall | undefined): Step => {
      const answer =
        record === undefined
          ? undefined
          : answerFromRecord(call, name, digest, record);
      if (answer === undefined)
        return domainChecked(call, value, ctx, trace, started, check);
      accepted(trace, started);
      return answer;
    };
    if (isThenable(found))
      return Promise.resolve(found).then<Settled, Settled>(onward, (e) =>
        storeFailed(call, name, trace, e),
      );
    return onward(found);
  }

  /** 6. Domain checks, then confirmation. */
  function domainChecked(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
    started: number,
    check: AnyCheck | undefined,
  ): Step {
    const name = ctx.tool;
    if (check === undefined) {
      accepted(trace, started);
      return confirmed(call, value, ctx, trace);
    }
    let found: unknown;
    try {
      found = check(value, ctx);
    } catch (e) {
      return checkThrew(call, name, trace, started, e);
    }
    if (isThenable(found))
      return Promise.resolve(found).then<Settled, Settled>(
        (problems) => checkedByApp(call, value, ctx, trace, started, problems),
        (e: unknown) => checkThrew(call, name, trace, started, e),
      );
    return checkedByApp(call, value, ctx, trace, started, found);
  }

  function checkThrew(
    call: ToolCall,
    name: string,
    trace: Trace,
    started: number,
    e: unknown,
  ): CallResult {
    trace.validationMs = clock() - started;
    threw(trace, e);
    return refusal(call, name, "check-failed", checkErrorText(name));
  }

  /** What a domain check answered: problems refuse the call, none go on to confirmation. */
  function checkedByApp(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
    started: number,
    found: unknown,
  ): Step {
    const name = ctx.tool;
    let problems: readonly CheckProblem[];
    try {
      problems = checkProblems(found);
    } catch (e) {
      return checkThrew(call, name, trace, started, e);
    }
    accepted(trace, started);
    if (problems.length > 0) {
      const errors = problems.map(asCallProblem);
      return refusal(
        call,
        name,
        "check-failed",
        checkFailedText(name, errors, value),
        errors,
      );
    }
    return confirmed(call, value, ctx, trace);
  }

  /** Asks `confirm` about a destructive tool; other tools go straight on to the store. */
  function confirmed(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
  ): Step {
    const name = ctx.tool;
    if (table.effects[name] !== "destructive")
      return claimed(call, value, ctx, trace);
    trace.acceptedAt = -1;
    let answer: unknown;
    try {
      answer = confirm!({
        tool: name,
        target: call.target,
        id: call.id,
        scope: ctx.scope,
        arguments: value,
      } satisfies ConfirmRequest);
    } catch (e) {
      return confirmThrew(call, name, trace, e);
    }
    if (isThenable(answer))
      return Promise.resolve(answer).then<Settled, Settled>(
        (yes) =>
          yes === true
            ? claimed(call, value, ctx, trace)
            : declined(call, name),
        (e: unknown) => confirmThrew(call, name, trace, e),
      );
    return answer === true
      ? claimed(call, value, ctx, trace)
      : declined(call, name);
  }

  /** `confirm` threw: taken as a refusal, and the app hears what it threw. */
  function confirmThrew(
    call: ToolCall,
    name: string,
    trace: Trace,
    e: unknown,
  ): CallResult {
    threw(trace, e);
    return declined(call, name);
  }

  /** 7. Claims the call id (a call without one cannot be deduplicated), then runs the handler. */
  function claimed(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
  ): Step {
    const name = ctx.tool;
    // The call is its own key in the store (a call without an id cannot be deduplicated).
    const key = call.id !== undefined ? call : undefined;
    if (key === undefined) return handled(call, value, ctx, trace, key);
    if (!storeInMemory) trace.acceptedAt = -1;
    let outcome: ClaimOutcome | Promise<ClaimOutcome>;
    let digest: number;
    try {
      // The request the id is bound to: its tool and canonical arguments.
      digest = callDigest(name, value);
      outcome = store.claim(key, {
        tool: name,
        owner,
        at: claimTime(trace),
        digest,
      });
    } catch (e) {
      return storeFailed(call, name, trace, e);
    }
    if (isThenable(outcome))
      return Promise.resolve(outcome).then<Settled, Settled>(
        (found) => afterClaim(call, value, ctx, trace, key, digest, found),
        (e: unknown) => storeFailed(call, name, trace, e),
      );
    return afterClaim(call, value, ctx, trace, key, digest, outcome);
  }

  function storeFailed(
    call: ToolCall,
    name: string,
    trace: Trace,
    e: unknown,
  ): CallResult {
    threw(trace, e);
    return refusal(call, name, "handler-failed", storeFailedText(name));
  }

  /** What the store said about the call id: ours (run it), completed (replay), or someone else's. */
  function afterClaim(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
    key: CallIdentity,
    digest: number,
    outcome: ClaimOutcome,
  ): Step {
    if (outcome.state === "claimed")
      return handled(call, value, ctx, trace, key);
    const name = ctx.tool;
    const answer = answerFromRecord(call, name, digest, outcome);
    if (answer !== undefined) return answer;
    // Only a pending claim of a read tool whose claimer died gets here: taken over, run again.
    const abandoned = outcome as Extract<FoundCall, { state: "pending" }>;
    let taken: boolean | Promise<boolean>;
    try {
      taken = store.takeOver(key, abandoned, {
        tool: name,
        owner,
        at: now(),
        digest,
      });
    } catch (e) {
      return storeFailed(call, name, trace, e);
    }
    const ifTaken = (took: boolean): Step =>
      took
        ? handled(call, value, ctx, trace, key)
        : refusal(call, name, "in-progress", inProgressText(name));
    if (isThenable(taken))
      return Promise.resolve(taken).then<Settled, Settled>(
        ifTaken,
        (e: unknown) => storeFailed(call, name, trace, e),
      );
    return ifTaken(taken);
  }

  /**
   * The answer to a call whose id has a record, or undefined for a read tool whose claimer died
   * (it may run again). Another tool or other arguments under the id: refused, never replayed.
   * A record without a digest (written before stores kept one) is matched by its tool alone.
   */
  function answerFromRecord(
    call: ToolCall,
    name: string,
    digest: number,
    record: FoundCall,
  ): CallResult | undefined {
    if (
      record.tool !== name ||
      (record.digest !== undefined && record.digest !== digest)
    )
      return reusedId(call, name);
    if (record.state === "completed") return replay(call, name, record.result);
    const abandoned =
      record.owner !== owner && now() - record.claimedAt >= staleClaimMs;
    if (!abandoned)
      return refusal(call, name, "in-progress", inProgressText(name));
    // The process that claimed it died. A write may have happened: never run it again.
    if (table.effects[name] !== "read")
      return refusal(call, name, "outcome-unknown", outcomeUnknownText(name));
    return undefined;
  }

  /** Runs the handler (the call is accepted and, when it has an id, claimed). */
  function handled(
    call: ToolCall,
    value: unknown,
    ctx: HandlerContext,
    trace: Trace,
    key: CallIdentity | undefined,
  ): Step {
    const name = ctx.tool;
    // Present: checked for every tool when the dispatcher was created.
    const handler = handlers[name]!;
    const started = trace.acceptedAt >= 0 ? trace.acceptedAt : clock();
    let returned: unknown;
    try {
      returned = handler(value, ctx);
    } catch (e) {
      return handlerThrew(call, name, trace, key, started, e);
    }
    if (isThenable(returned))
      return new HandlerRunning(name, key, started, returned);
    return outputChecked(call, name, trace, key, started, returned);
  }

  function handlerThrew(
    call: ToolCall,
    name: string,
    trace: Trace,
    key: CallIdentity | undefined,
    started: number,
    e: unknown,
  ): Step {
    trace.handlerMs = clock() - started;
    threw(trace, e);
    const failed =
      table.effects[name] !== "read"
        ? refusal(call, name, "outcome-unknown", outcomeUnknownText(name))
        : refusal(call, name, "handler-failed", handlerFailedText(name));
    return record(key, failed, trace);
  }

  /** Checks the handler's result against the tool's `output`, writes its text, records it. */
  function outputChecked(
    call: ToolCall,
    name: string,
    trace: Trace,
    key: CallIdentity | undefined,
    started: number,
    output: unknown,
  ): Step {
    trace.handlerMs = clock() - started;
    let text: string | undefined;
    let checked: CheckedValue;
    try {
      checked = table.validateOutput(name, output);
      if (checked.ok) text = table.outputText(name, checked.value) ?? "null";
    } catch (e) {
      // A value JSON cannot carry (a cycle, a BigInt) or too deep to check.
      threw(trace, e);
      checked = NOT_JSON;
    }
    if (!checked.ok || text === undefined)
      return record(
        key,
        refusal(
          call,
          name,
          "invalid-output",
          invalidOutputText(name, table.effects[name] !== "read"),
          checked.ok ? NO_ERRORS : checked.errors,
        ),
        trace,
      );
    return record(
      key,
      callResult(
        call,
        name,
        "ok",
        false,
        text,
        checked.value,
        undefined,
        false,
      ),
      trace,
    );
  }

  /**
   * Records a result (synchronously when the store answers synchronously: the common path). The
   * store is given the result itself (a `CallResult` has every field of a `StoredResult`): it
   * keeps what it needs, and no second object is built for it.
   */
  function record(
    key: CallIdentity | undefined,
    answer: CallResult,
    trace: Trace,
  ): Step {
    if (key === undefined) return answer;
    const failed = (e: unknown): CallResult => {
      // The handler ran: its outcome stands. The app hears that it was not recorded.
      if (!trace.thrown) {
        threw(trace, e);
      }
      return answer;
    };
    try {
      const done = store.complete(key, owner, answer);
      if (isThenable(done))
        return Promise.resolve(done).then<Settled, Settled>(
          () => answer,
          failed,
        );
    } catch (e) {
      return failed(e);
    }
    return answer;
  }

  // An `ok` result's output passed the tool's output validator, whose type `Output` is.
  return { run: run as DispatchCore<Output>["run"] };
}

/**
 * What a step answers: the call's result, a promise of the next step (an asynchronous check,
 * confirmation or store), or a handler still running (awaited by `run`).
 */
type Step = Settled | PromiseLike<Settled>;
type Settled = CallResult | HandlerRunning;

/** An asynchronous handler's promise, with what its result needs to be checked and recorded. */
class HandlerRunning {
  readonly name: string;
  readonly key: CallIdentity | undefined;
  readonly started: number;
  readonly returned: PromiseLike<unknown>;
  constructor(
    name: string,
    key: CallIdentity | undefined,
    started: number,
    returned: PromiseLike<unknown>,
  ) {
    this.name = name;
    this.key = key;
    this.started = started;
    this.returned = returned;
  }
}

/** Notes what a check, `confirm`, the store or the handler threw, for the event (never the model). */
function threw(trace: Trace, e: unknown): void {
  trace.thrown = true;
  trace.error = e;
}

/** The trace of calls run without an event sink: written, never read. */
const DISCARDED_TRACE: Trace = {
  validationMs: 0,
  handlerMs: 0,
  acceptedAt: -1,
  thrown: false,
  error: undefined,
};

/** An output validator's answer for a value JSON cannot carry. */
const NOT_JSON: CheckedValue = Object.freeze({
  ok: false,
  errors: Object.freeze([
    Object.freeze({
      instancePath: "",
      keyword: "json",
      params: Object.freeze({}),
      message: "must be a JSON value",
    }),
  ]),
});

/** Arguments the adapter could not read (Gemini's streamed fragments that do not fit together). */
function unreadable(call: ToolCall, tool: string, why: unknown): CallResult {
  const reason = typeof why === "string" ? why : excerpt(why, 80);
  return refusal(
    call,
    tool,
    "invalid-arguments",
    unreadableArgumentsText(tool, reason),
    [{ instancePath: "", keyword: "stream", message: reason }],
  );
}

/** A refusal by `confirm`: the tool did not run. */
function declined(call: ToolCall, name: string): CallResult {
  return refusal(call, name, "not-confirmed", notConfirmedText(name));
}

function refusal(
  call: ToolCall,
  tool: string,
  status: CallStatus,
  text: string,
  errors?: readonly CallProblem[],
): CallResult {
  return callResult(call, tool, status, true, text, undefined, errors, false);
}

function replay(
  call: ToolCall,
  tool: string,
  result: StoredResult,
): CallResult {
  return callResult(
    call,
    tool,
    result.status,
    result.isError,
    result.text,
    result.output,
    result.errors,
    true,
  );
}

/** A call id already used for a different call (another tool, or other arguments). */
function reusedId(call: ToolCall, tool: string): CallResult {
  return refusal(call, tool, "invalid-arguments", reusedIdText(tool), [
    {
      instancePath: "",
      keyword: "callId",
      message: "was already used for a different call",
    },
  ]);
}

/** The one place a `CallResult` is built. */
function callResult(
  call: ToolCall,
  tool: string,
  status: CallStatus,
  isError: boolean,
  text: string,
  output: unknown,
  errors: readonly CallProblem[] | undefined,
  replayed: boolean,
): CallResult {
  // Built field by field in one order (not by spreading), so every result has the same few
  // shapes: this is on every call's path.
  const out: Mutable<CallResult> = {
    status,
    target: call.target,
    tool,
    isError,
    text,
    replayed,
  };
  if (typeof call.id === "string") out.id = call.id;
  if (output !== undefined) out.output = output;
  if (errors !== undefined) out.errors = errors;
  return out;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The tool name for texts and results (the name as sent, or an excerpt when it is not a string). */
function labelOf(call: ToolCall): string {
  const name: unknown = call?.name;
  return typeof name === "string" ? name : excerpt(name, 80);
}

/** Why a call's identity cannot be used, or undefined when it can (or it has none). */
function identityProblem(call: ToolCall): string | undefined {
  const id: unknown = call.id;
  const scope = call.scope;
  if (scope === undefined) {
    // The common case (every target but the Agents API): a call id alone, checked without a list.
    if (id === undefined) return undefined;
    return partProblem(id) ?? lengthProblem((id as string).length);
  }
  const session: unknown = scope?.sessionId;
  const turn: unknown = scope?.turnId;
  const problem = partProblem(id) ?? partProblem(session) ?? partProblem(turn);
  if (problem !== undefined) return problem;
  const length =
    ((id as string | undefined)?.length ?? 0) +
    ((session as string | undefined)?.length ?? 0) +
    ((turn as string | undefined)?.length ?? 0);
  if (length > MAX_ID_LENGTH) return lengthProblem(length);
  if (id === undefined && length > 0)
    return "it has a session or turn but no call id";
  return undefined;
}

/** Why one part of a call's identity (absent, or a non-empty string) cannot be used. */
function partProblem(part: unknown): string | undefined {
  if (part === undefined) return undefined;
  if (typeof part !== "string") return "its call id is not a string";
  if (part === "") return "its call id is empty";
  return undefined;
}

function lengthProblem(length: number): string | undefined {
  return length > MAX_ID_LENGTH
    ? `its call id is longer than ${MAX_ID_LENGTH} characters`
    : undefined;
}

/** What a domain check returned, as a list (nothing or an empty list: no problems). */
function checkProblems(found: unknown): readonly CheckProblem[] {
  if (found === undefined || found === null)
    return NO_ERRORS as readonly CheckProblem[];
  if (!Array.isArray(found))
    throw new TypeError("a domain check must return a list of problems");
  return found as readonly CheckProblem[];
}

function asCallProblem(p: CheckProblem): CallProblem {
  const base = {
    instancePath: typeof p?.instancePath === "string" ? p.instancePath : "",
    keyword: typeof p?.keyword === "string" ? p.keyword : "check",
    message:
      typeof p?.message === "string" ? p.message : excerpt(p?.message, 300),
  };
  return p?.params !== undefined ? { ...base, params: p.params } : base;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

function ignore(): void {}

function noClock(): number {
  return 0;
}

let sharedSignal: AbortSignalType | undefined;

/** A signal that never aborts, shared by calls run without one (created on first use). */
function neverAborted(): AbortSignalType {
  if (sharedSignal === undefined) {
    const Controller = (
      globalThis as { AbortController?: new () => { signal: AbortSignalType } }
    ).AbortController;
    sharedSignal =
      Controller !== undefined
        ? new Controller().signal
        : (Object.freeze({ aborted: false }) as unknown as AbortSignalType);
  }
  return sharedSignal;
}

/** The platform's `performance` (a monotonic clock and its origin in wall time), where it has one. */
function globalPerformance():
  { now(): number; readonly timeOrigin: number } | undefined {
  const performance = (
    globalThis as {
      performance?: { now(): number; readonly timeOrigin?: number };
    }
  ).performance;
  return performance !== undefined && typeof performance.timeOrigin === "number"
    ? (performance as { now(): number; readonly timeOrigin: number })
    : undefined;
}

/** A random token naming this dispatcher instance as the owner of its claims. */
function randomToken(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } })
    .crypto;
  if (crypto?.randomUUID !== undefined) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
