/** The artifacts toolcat emits, in order. Adding an artifact is one emitter module and one line here. */
import type { ArtifactEmitter } from "./artifact.js";
import { providersEmitter } from "../providers/emitter.js";
import { typesEmitter } from "./types/index.js";

export const ARTIFACT_EMITTERS: readonly ArtifactEmitter[] = [typesEmitter, providersEmitter];
