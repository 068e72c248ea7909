/** The artifacts toolcat emits, in order. Adding an artifact is one emitter module and one line here. */
import type { ArtifactEmitter } from "./artifact.js";
import { callValidatorsEmitter } from "../providers/call-validators.js";
import { dispatcherEmitter } from "./dispatcher.js";
import { providersEmitter } from "../providers/emitter.js";
import { typesEmitter } from "./types/index.js";
import { validatorsEmitter } from "./validators/index.js";

/**
 * The call validators come right after validators.ts, the one artifact they depend on (its
 * helpers), so that on a worker thread they compile while the provider declarations are emitted.
 */
export const ARTIFACT_EMITTERS: readonly ArtifactEmitter[] = [typesEmitter, validatorsEmitter, callValidatorsEmitter, providersEmitter, dispatcherEmitter];
