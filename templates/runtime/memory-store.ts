/**
 * The default call store: records in this process's memory, kept in typed arrays rather than as
 * JavaScript objects. Copied into generated output (runtime/memory-store.ts); real TypeScript.
 *
 * Why not a `Map` of record objects: a store remembers every call for minutes, so each record,
 * its key and its text outlive the young generation and the garbage collector copies them at
 * least twice before they settle; measured on the dispatcher's benchmark (`npm run bench --
 * dispatch`), a `Map` store — even one holding only the keys — cost about a fifth of a whole
 * dispatched call, most of it in collections. Here a record is a slot of preallocated typed
 * arrays (its key's and text's characters included), found through an open-addressing index
 * of slot numbers, so remembering a call allocates nothing the collector has to copy. Keys and
 * texts longer than a slot holds are kept as strings beside it.
 *
 * A record's key is the call's target and id, and its `callKey` text is never built for the
 * common call (no scope): the target, one of a few names, is kept as a number, and only the id's
 * characters are hashed, copied and compared. Building the text means a string the engine then
 * reads slowly, character by character, until it is flattened (measured: more than the rest of a
 * claim). A call with a scope (the Agents API) is keyed by its whole `callKey` text.
 *
 * Slots form a ring in claim order: a new claim takes the oldest slot whose call completed (a
 * pending claim is never dropped), so at most `maxEntries` records are kept — unless more calls
 * than that are pending at once, when the bound doubles rather than forget one.
 */
import {
  callKey,
  type CallIdentity,
  type CallStore,
  type Claim,
  type ClaimOutcome,
  type FoundCall,
  type StoredResult,
} from "./call-store.js";
import type { CallProblem, CallStatus } from "./tool-call.js";

/** Characters of a key kept in its slot: the id (an OpenAI call id is about 30), or a scoped call's `callKey`. */
const KEY_CHARS = 64;
/** Characters of a result text kept in its slot; a longer text is kept as a string. */
const TEXT_CHARS = 160;
/** Slots allocated at first; the arrays double as the store fills, up to `maxEntries`. */
const FIRST_SLOTS = 64;

const EMPTY = 0;
const PENDING = 1;
const COMPLETED = 2;

const IS_ERROR = 1;
const HAS_OUTPUT = 2;
/** The result's errors are kept beside the slot (in `errors`). */
const HAS_ERRORS = 4;

/** A slot's length field when the value is kept as a string beside the slot. */
const LONG = -1;

/** A key's target number when the key is the call's whole `callKey` text (a scoped call). */
const WHOLE_KEY = -1;
/**
 * Distinct targets numbered; past them a call is keyed by its `callKey` text (never reached by
 * the generated dispatcher, whose targets are eight names).
 */
const MAX_TARGETS = 64;

const CLAIMED: ClaimOutcome = Object.freeze({ state: "claimed" });

/** The in-memory store: a `CallStore` whose every answer is synchronous. */
export interface MemoryCallStore extends CallStore {
  /** How many records it holds. */
  readonly size: number;
  claim(call: CallIdentity, claim: Claim): ClaimOutcome;
  find(call: CallIdentity): FoundCall | undefined;
  takeOver(
    call: CallIdentity,
    previous: { readonly owner: string; readonly claimedAt: number },
    claim: Claim,
  ): boolean;
  complete(call: CallIdentity, owner: string, result: StoredResult): void;
}

export function memoryCallStore(
  options: { readonly maxEntries?: number } = {},
): MemoryCallStore {
  return new SlotStore(Math.max(1, Math.floor(options.maxEntries ?? 10_000)));
}

class SlotStore implements MemoryCallStore {
  readonly inMemory = true;
  /** The bound on records; raised only when every slot holds a pending claim. */
  private limit: number;
  private slots = 0;
  /** Slots handed out so far (they fill in order before the ring turns). */
  private used = 0;
  /** The ring's oldest slot once every slot is in use. */
  private next = 0;
  private state = new Uint8Array(0);
  private flags = new Uint8Array(0);
  private hash = new Int32Array(0);
  private keyTarget = new Int32Array(0);
  private keyLength = new Int32Array(0);
  private keyChars = new Uint16Array(0);
  private textLength = new Int32Array(0);
  private textChars = new Uint16Array(0);
  private claimedAt = new Float64Array(0);
  /** The claim's request digest (a 53-bit integer), NaN for a claim made without one. */
  private digestOf = new Float64Array(0);
  private toolOf = new Int32Array(0);
  private statusOf = new Uint16Array(0);
  /** Owners are dispatcher tokens (long-lived strings): referencing them copies nothing. */
  private owners: string[] = [];
  /** Slot number + 1 by hash, linear probing; 0 is an empty cell. */
  private index = new Int32Array(0);
  private mask = 0;
  private readonly longKeys = new Map<number, string>();
  private readonly longTexts = new Map<number, string>();
  private readonly errors = new Map<number, readonly CallProblem[]>();
  /** Targets, tool names and statuses are few: each is kept once and referred to by number. */
  private readonly targets = new Numbering<string>();
  private readonly tools = new Numbering<string>();
  private readonly statuses = new Numbering<CallStatus>();
  /** The call `claim` last inserted, and its slot: `complete` usually asks for it next. */
  private lastCall: CallIdentity | undefined = undefined;
  private lastSlot = -1;

  constructor(limit: number) {
    this.limit = limit;
    this.grow(Math.min(limit, FIRST_SLOTS));
  }

  get size(): number {
    return this.used;
  }

  claim(call: CallIdentity, claim: Claim): ClaimOutcome {
    const target = this.targetOf(call);
    const text = keyText(call, target);
    const h = hashOf(target, text);
    const found = this.slotFor(target, text, h);
    if (found < 0) {
      const slot = this.takeSlot();
      this.state[slot] = PENDING;
      this.flags[slot] = 0;
      this.hash[slot] = h;
      this.keyTarget[slot] = target;
      this.writeKey(slot, text);
      this.textLength[slot] = 0;
      this.claimedAt[slot] = claim.at;
      this.digestOf[slot] = claim.digest ?? NaN;
      this.toolOf[slot] = this.tools.numberOf(claim.tool);
      this.owners[slot] = claim.owner;
      this.insert(slot, h);
      this.lastCall = call;
      this.lastSlot = slot;
      return CLAIMED;
    }
    return this.recordOf(found);
  }

  find(call: CallIdentity): FoundCall | undefined {
    const target = this.targetOf(call);
    const text = keyText(call, target);
    const found = this.slotFor(target, text, hashOf(target, text));
    return found < 0 ? undefined : this.recordOf(found);
  }

  /** A slot's record as `claim` and `find` answer it. */
  private recordOf(slot: number): FoundCall {
    const tool = this.tools.nameOf(this.toolOf[slot]!);
    const digest = this.digestOf[slot]!;
    if (this.state[slot] === COMPLETED) {
      const result = this.resultOf(slot);
      return digest === digest
        ? { state: "completed", tool, result, digest }
        : { state: "completed", tool, result };
    }
    const pending = {
      state: "pending",
      tool,
      owner: this.owners[slot]!,
      claimedAt: this.claimedAt[slot]!,
    } as const;
    // NaN is the one value not equal to itself: a claim made without a digest.
    return digest === digest ? { ...pending, digest } : pending;
  }

  takeOver(
    call: CallIdentity,
    previous: { readonly owner: string; readonly claimedAt: number },
    claim: Claim,
  ): boolean {
    const slot = this.slotOf(call);
    if (
      slot < 0 ||
      this.state[slot] !== PENDING ||
      this.owners[slot] !== previous.owner ||
      this.claimedAt[slot] !== previous.claimedAt
    )
      return false;
    this.toolOf[slot] = this.tools.numberOf(claim.tool);
    this.owners[slot] = claim.owner;
    this.claimedAt[slot] = claim.at;
    this.digestOf[slot] = claim.digest ?? NaN;
    return true;
  }

  complete(call: CallIdentity, owner: string, result: StoredResult): void {
    const slot = this.slotOf(call);
    if (slot < 0 || this.state[slot] !== PENDING || this.owners[slot] !== owner)
      return;
    this.state[slot] = COMPLETED;
    this.statusOf[slot] = this.statuses.numberOf(result.status);
    this.flags[slot] =
      (result.isError ? IS_ERROR : 0) |
      (result.output !== undefined ? HAS_OUTPUT : 0) |
      (result.errors !== undefined ? HAS_ERRORS : 0);
    this.writeText(slot, result.text);
    if (result.errors !== undefined) this.errors.set(slot, result.errors);
  }

  /** The slot of a call, through the last claim's when it is the same call object. */
  private slotOf(call: CallIdentity): number {
    if (call === this.lastCall) return this.lastSlot;
    const target = this.targetOf(call);
    const text = keyText(call, target);
    return this.slotFor(target, text, hashOf(target, text));
  }

  /**
   * The call's target number, or WHOLE_KEY for a call keyed by its `callKey` text. A call's target
   * is usually the very string of the call before (an adapter's constant), so that is tried first.
   */
  private targetOf(call: CallIdentity): number {
    if (call.scope !== undefined) return WHOLE_KEY;
    const target = call.target;
    const known = this.targets.find(target);
    if (known >= 0 || this.targets.size >= MAX_TARGETS) return known;
    return this.targets.numberOf(target);
  }

  /** The slot holding a key, or -1. */
  private slotFor(target: number, text: string, h: number): number {
    const index = this.index;
    const mask = this.mask;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const cell = index[at]!;
      if (cell === 0) return -1;
      const slot = cell - 1;
      if (
        this.hash[slot] === h &&
        this.keyTarget[slot] === target &&
        this.keyIs(slot, text)
      )
        return slot;
    }
  }

  private keyIs(slot: number, text: string): boolean {
    const length = this.keyLength[slot]!;
    if (length === LONG) return this.longKeys.get(slot) === text;
    if (length !== text.length) return false;
    const chars = this.keyChars;
    const at = slot * KEY_CHARS;
    for (let i = 0; i < length; i++)
      if (chars[at + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  private writeKey(slot: number, text: string): void {
    if (text.length > KEY_CHARS) {
      this.keyLength[slot] = LONG;
      this.longKeys.set(slot, text);
      return;
    }
    this.keyLength[slot] = text.length;
    writeChars(this.keyChars, slot * KEY_CHARS, text);
  }

  private writeText(slot: number, text: string): void {
    if (text.length > TEXT_CHARS) {
      this.textLength[slot] = LONG;
      this.longTexts.set(slot, text);
      return;
    }
    this.textLength[slot] = text.length;
    writeChars(this.textChars, slot * TEXT_CHARS, text);
  }

  private textOf(slot: number): string {
    const length = this.textLength[slot]!;
    if (length === LONG) return this.longTexts.get(slot)!;
    const base = slot * TEXT_CHARS;
    return String.fromCharCode.apply(
      null,
      this.textChars.subarray(base, base + length) as unknown as number[],
    );
  }

  /** A completed record's result, as `claim` answers it (built only when a call id comes again). */
  private resultOf(slot: number): StoredResult {
    const text = this.textOf(slot);
    const flags = this.flags[slot]!;
    const result: {
      status: CallStatus;
      isError: boolean;
      text: string;
      output?: unknown;
      errors?: readonly CallProblem[];
    } = {
      status: this.statuses.nameOf(this.statusOf[slot]!),
      isError: (flags & IS_ERROR) !== 0,
      text,
    };
    if ((flags & HAS_OUTPUT) !== 0) {
      try {
        // The output is kept as its JSON text (the result's text, as the dispatcher writes it).
        result.output = JSON.parse(text) as unknown;
      } catch {
        // Not the JSON of its output (a result the dispatcher did not write): the text stands alone.
      }
    }
    if ((flags & HAS_ERRORS) !== 0) result.errors = this.errors.get(slot)!;
    return result;
  }

  /** A slot for a new claim: the next unused one, else the oldest whose call completed. */
  private takeSlot(): number {
    if (this.used < this.slots) return this.used++;
    if (this.slots < this.limit) {
      this.grow(Math.min(this.limit, this.slots * 2));
      return this.used++;
    }
    for (let tried = 0; tried < this.slots; tried++) {
      const slot = this.next;
      this.next = slot + 1 === this.slots ? 0 : slot + 1;
      if (this.state[slot] === COMPLETED) {
        this.drop(slot);
        return slot;
      }
    }
    // Every slot holds a claim still running: the bound gives way rather than drop one.
    this.limit = this.slots * 2;
    this.grow(this.limit);
    return this.used++;
  }

  /** Forgets a completed record whose slot is about to be reused. */
  private drop(slot: number): void {
    this.remove(slot);
    this.state[slot] = EMPTY;
    // Only what the slot keeps beside it: three map deletes per recycled slot otherwise.
    if (this.keyLength[slot] === LONG) this.longKeys.delete(slot);
    if (this.textLength[slot] === LONG) this.longTexts.delete(slot);
    if ((this.flags[slot]! & HAS_ERRORS) !== 0) this.errors.delete(slot);
    if (this.lastSlot === slot) this.lastCall = undefined;
  }

  private insert(slot: number, h: number): void {
    const index = this.index;
    const mask = this.mask;
    let at = h & mask;
    while (index[at] !== 0) at = (at + 1) & mask;
    index[at] = slot + 1;
  }

  /** Removes a slot from the index, shifting later cells of its probe run back (no tombstones). */
  private remove(slot: number): void {
    const index = this.index;
    const mask = this.mask;
    let hole = this.hash[slot]! & mask;
    while (index[hole] !== slot + 1) hole = (hole + 1) & mask;
    index[hole] = 0;
    for (let at = (hole + 1) & mask; index[at] !== 0; at = (at + 1) & mask) {
      const home = this.hash[index[at]! - 1]! & mask;
      // The cell may move back into the hole unless its home lies cyclically in (hole, at].
      const stays =
        hole <= at ? home > hole && home <= at : home > hole || home <= at;
      if (!stays) {
        index[hole] = index[at]!;
        index[at] = 0;
        hole = at;
      }
    }
  }

  /** Resizes every array to `slots` (keeping the records) and rebuilds the index. */
  private grow(slots: number): void {
    this.state = resized(this.state, slots);
    this.flags = resized(this.flags, slots);
    this.hash = resized(this.hash, slots);
    this.keyTarget = resized(this.keyTarget, slots);
    this.keyLength = resized(this.keyLength, slots);
    this.keyChars = resized(this.keyChars, slots * KEY_CHARS);
    this.textLength = resized(this.textLength, slots);
    this.textChars = resized(this.textChars, slots * TEXT_CHARS);
    this.claimedAt = resized(this.claimedAt, slots);
    this.digestOf = resized(this.digestOf, slots);
    this.toolOf = resized(this.toolOf, slots);
    this.statusOf = resized(this.statusOf, slots);
    this.slots = slots;
    // At most half full, so probe runs stay short.
    let cells = 2;
    while (cells < slots * 2) cells *= 2;
    this.index = new Int32Array(cells);
    this.mask = cells - 1;
    for (let slot = 0; slot < this.used; slot++)
      if (this.state[slot] !== EMPTY) this.insert(slot, this.hash[slot]!);
  }
}

/**
 * The characters a record's key keeps beside its target number: the id, or for a call keyed as a
 * whole (WHOLE_KEY: a scoped call, or a target past MAX_TARGETS) its `callKey` text.
 */
function keyText(call: CallIdentity, target: number): string {
  return target !== WHOLE_KEY ? (call.id ?? "") : (callKey(call) ?? "");
}

/** FNV-1a over the target number and the key text's UTF-16 code units. */
function hashOf(target: number, text: string): number {
  let h = Math.imul(0x811c9dc5 ^ (target & 0xff), 0x01000193);
  for (let i = 0; i < text.length; i++)
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

function writeChars(chars: Uint16Array, base: number, text: string): void {
  for (let i = 0; i < text.length; i++) chars[base + i] = text.charCodeAt(i);
}

/**
 * Numbers for a small set of names, given on first sight. The name asked for is usually the very
 * string asked for last (a constant of the dispatcher or an adapter), so that is compared first.
 */
class Numbering<T extends string> {
  private readonly names: T[] = [];
  private readonly numbers = new Map<string, number>();
  private last: string | undefined = undefined;
  private lastNumber = -1;

  get size(): number {
    return this.names.length;
  }

  /** The name's number, or -1 when it has none yet. */
  find(name: string): number {
    if (name === this.last) return this.lastNumber;
    const n = this.numbers.get(name);
    if (n === undefined) return -1;
    this.last = name;
    this.lastNumber = n;
    return n;
  }

  numberOf(name: T): number {
    const known = this.find(name);
    if (known >= 0) return known;
    const n = this.names.length;
    this.names.push(name);
    this.numbers.set(name, n);
    this.last = name;
    this.lastNumber = n;
    return n;
  }

  nameOf(n: number): T {
    return this.names[n]!;
  }
}

type NumberArray = Uint8Array | Uint16Array | Int32Array | Float64Array;

function resized<A extends NumberArray>(array: A, length: number): A {
  const bigger = new (array.constructor as new (length: number) => A)(length);
  bigger.set(array);
  return bigger;
}
