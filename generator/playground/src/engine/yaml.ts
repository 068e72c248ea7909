/**
 * The page's `yaml`: the pipeline loads it on first use by a synchronous require where Node runs
 * it (core/load/yaml-lib.ts); a page has none, so each worker that runs the pipeline imports this
 * first and hands the module over.
 */
import * as yaml from "yaml";
import { provideYaml } from "../../../core/load/yaml-lib.js";

provideYaml(yaml);
