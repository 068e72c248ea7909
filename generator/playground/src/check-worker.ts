/**
 * Check mode's worker: lint and Auto-strict off the main thread, so a 5 MB paste or a YAML alias
 * bomb never blocks typing. Requests are answered in order; one that a newer request replaced
 * while it waited is skipped.
 */
import "./engine/yaml.js";
import { autoStrict, checkPasted } from "./engine/check.js";
import type { CheckReply, CheckRequest } from "./protocol.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<CheckRequest>) => void) | null;
  postMessage(m: CheckReply): void;
};
const queue: CheckRequest[] = [];
let busy = false;

function answer(request: CheckRequest): CheckReply {
  const started = performance.now();
  try {
    if (request.kind === "auto-strict") {
      const fixed = autoStrict(request.text);
      return {
        seq: request.seq,
        kind: "auto-strict",
        result: fixed.check,
        text: fixed.text,
        applied: fixed.applied,
        ms: performance.now() - started,
      };
    }
    return {
      seq: request.seq,
      kind: "check",
      result: checkPasted(request.text),
      text: request.text,
      applied: 0,
      ms: performance.now() - started,
    };
  } catch (e) {
    return {
      seq: request.seq,
      kind: "failed",
      message: `internal error: ${(e as Error).message}`,
    };
  }
}

/** One request per task, so messages that arrived during a long check are queued (and skipped) first. */
function step(): void {
  const request = queue.shift();
  if (request === undefined) {
    busy = false;
    return;
  }
  // A plain check that a later one replaces is not worth doing; Auto-strict always is.
  if (!(request.kind === "check" && queue.some((q) => q.kind === "check")))
    scope.postMessage(answer(request));
  setTimeout(step, 0);
}

scope.onmessage = (e) => {
  queue.push(e.data);
  if (!busy) {
    busy = true;
    setTimeout(step, 0);
  }
};
