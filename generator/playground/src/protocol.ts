/** Messages between the page and its two workers (check-worker.ts, output-worker.ts). */
import type { Diagnostic } from "../../core/diagnostics.js";
import type { StageTiming } from "../../core/pipeline.js";
import type { CheckResult } from "./engine/check.js";
import type { CallAnswer, TryRequest } from "./engine/run-call.js";
import type { StrictnessDecision } from "./engine/strictness.js";

export type CheckRequest = {
  readonly seq: number;
  readonly kind: "check" | "auto-strict";
  readonly text: string;
};
export type CheckReply =
  | {
      readonly seq: number;
      readonly kind: "check" | "auto-strict";
      readonly result: CheckResult;
      readonly text: string;
      readonly applied: number;
      readonly ms: number;
    }
  | { readonly seq: number; readonly kind: "failed"; readonly message: string };

export type OutputRequest =
  | {
      readonly seq: number;
      readonly kind: "generate";
      readonly catalog: string;
    }
  | {
      readonly seq: number;
      readonly kind: "try";
      readonly generation: number;
      readonly request: TryRequest;
    };

export type OutputReply =
  | {
      readonly seq: number;
      readonly kind: "outputs";
      readonly ok: boolean;
      readonly files: readonly (readonly [string, string])[];
      /** The dispatcher stub (not a generated file): its path and text. */
      readonly stub?: readonly [string, string];
      readonly diagnostics: readonly Diagnostic[];
      readonly decisions: readonly StrictnessDecision[];
      readonly tools: readonly string[];
      readonly targets: readonly string[];
      readonly timings: readonly StageTiming[];
      readonly ms: number;
    }
  | {
      readonly seq: number;
      readonly kind: "answer";
      readonly answer: CallAnswer;
    }
  | { readonly seq: number; readonly kind: "failed"; readonly message: string };
