/** The artifacts toolcat emits, in order. Adding an artifact is one emitter module and one line here. */
import type { ArtifactEmitter } from "./artifact.js";
import { callValidatorsEmitter } from "../providers/call-validators.js";
import { dispatcherEmitter } from "./dispatcher.js";
import { providersEmitter } from "../providers/emitter.js";
import { typesEmitter } from "./types/index.js";
import { standardSchemaEmitter } from "./standard-schema.js";
import { validatorsEmitter } from "./validators/index.js";

/**
 * The order only decides when each starts (files are sorted by path, findings by position). With
 * a worker thread (generator/node/parallel-emit.ts): the provider declarations and the dispatcher
 * come first, lowered and printed there while this thread compiles validators.ts; the call
 * validators follow validators.ts, the one artifact they depend on (its helpers), as early as
 * possible, since the worker waits for them; the types are emitted here meanwhile, then the Standard Schemas (which only wire the others).
 */
export const ARTIFACT_EMITTERS: readonly ArtifactEmitter[] = [
  providersEmitter,
  dispatcherEmitter,
  validatorsEmitter,
  callValidatorsEmitter,
  typesEmitter,
  standardSchemaEmitter,
];
