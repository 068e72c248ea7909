/** The artifacts toolcat emits, in order. Adding an artifact is one emitter module and one line here. */
import type { ArtifactEmitter } from "./artifact.js";
import { callValidatorsEmitter } from "../providers/call-validators.js";
import { dispatcherEmitter } from "./dispatcher.js";
import { providersEmitter } from "../providers/emitter.js";
import { typesEmitter } from "./types/index.js";
import { validatorsEmitter } from "./validators/index.js";

/**
 * The order only decides when each starts (files are sorted by path, findings by position): the
 * provider declarations and the dispatcher come first, so that on a worker thread
 * (generator/node/parallel-emit.ts) they are lowered and printed while this thread emits the
 * types and compiles validators.ts; the call validators follow validators.ts, the one artifact
 * they depend on (its helpers).
 */
export const ARTIFACT_EMITTERS: readonly ArtifactEmitter[] = [providersEmitter, dispatcherEmitter, typesEmitter, validatorsEmitter, callValidatorsEmitter];
