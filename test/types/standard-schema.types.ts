/**
 * Type-level tests of generated/standard-schema.ts against @standard-schema/spec (checked by
 * `npm run typecheck`): every schema is a StandardSchemaV1 and a StandardJSONSchemaV1 at once,
 * and what validation yields is the catalog's type. The `@ts-expect-error` lines are the
 * controls: each would compile if the types were loose (`unknown`, `any`), failing the check.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { standardOutputSchemas, standardSchemas, strictStandardSchemas } from "../../generated/standard-schema.js";
import type { ToolInput, ToolName, ToolOutput } from "../../generated/types.js";

type StandardSchemaWithJSON<I, O = I> = StandardSchemaV1<I, O> & StandardJSONSchemaV1<I, O>;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertTrue<T extends true>(_: T): void {}

// Each flavour satisfies both specs, with the catalog's types.
const everyInput: { [K in ToolName]: StandardSchemaWithJSON<ToolInput[K]> } = standardSchemas;
const everyStrict: { [K in ToolName]: StandardSchemaWithJSON<unknown, ToolInput[K]> } = strictStandardSchemas;
const weightResult: StandardSchemaWithJSON<ToolOutput["write_measurement"]> = standardOutputSchemas.write_measurement;
void everyInput;
void everyStrict;
void weightResult;

// What a runner infers as the validated value is the tool's input type, exactly.
assertTrue<Equal<StandardSchemaV1.InferOutput<typeof standardSchemas.write_measurement>, ToolInput["write_measurement"]>>(true);
assertTrue<Equal<StandardSchemaV1.InferOutput<typeof strictStandardSchemas.log_meal>, ToolInput["log_meal"]>>(true);
assertTrue<Equal<StandardJSONSchemaV1.InferInput<typeof standardSchemas.get_weather>, ToolInput["get_weather"]>>(true);

// Controls: a schema is not another tool's, and its output is not `unknown`.
// @ts-expect-error write_measurement's schema does not validate into log_meal's input
const wrongTool: StandardSchemaV1<unknown, ToolInput["log_meal"]> = standardSchemas.write_measurement;
void wrongTool;
// @ts-expect-error the inferred output is the catalog's type, not unknown
assertTrue<Equal<StandardSchemaV1.InferOutput<typeof standardSchemas.write_measurement>, unknown>>(true);

// validate is synchronous: its result is not a promise.
const result = standardSchemas.write_measurement["~standard"].validate({});
if (result.issues === undefined) {
  const date: string = result.value.date;
  void date;
}
