/**
 * OpenAI Chat `runTools` (`openai` 7, `client.chat.completions.runTools`): one runnable function
 * tool per declaration of the generated `openaiChatTools`. `parse` gets the arguments as the
 * model sent them (JSON text) and runs the generated call validator (the strict declaration's
 * check, then null-for-omitted removed, then the catalog's): an invalid call throws the
 * dispatcher's refusal text, which the runner sends as the tool message without calling
 * `function`. `function` hands the checked text to the dispatcher (checks, confirmation, output
 * check), whose answer is the tool message. `runTools` does not pass the call id, so a repeated
 * call is not recognised here (use `dispatcher.openaiChat.respond` in a loop of your own for
 * that). Structural types, checked against the SDK's in tests.
 */
import { notJsonText } from "../call-texts.js";
import type { CheckOutcome } from "../standard-schema.js";
import type { RunsCalls } from "./common.js";
import { renderValidationErrors } from "../validation-errors.js";
import { uncheckableText } from "../call-texts.js";

/** A declaration of the generated `openaiChatTools`. */
export interface OpenaiChatDeclaration {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly strict: boolean;
    readonly parameters: { [key: string]: unknown };
  };
}

/** What `parse` hands on: the arguments as sent, and what they check out as. */
export interface CheckedArguments<T> {
  readonly text: string;
  readonly value: T;
}

/** A `RunnableToolFunctionWithParse` (openai/lib/RunnableFunction). */
export interface RunnableChatTool {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly strict: boolean;
    readonly parameters: { [key: string]: unknown };
    readonly parse: (input: string) => CheckedArguments<unknown>;
    readonly function: (args: CheckedArguments<unknown>) => Promise<string>;
  };
}

/** The generated call validator of a target (`validateOpenaiChatCall`), or `validate`. */
export type CallCheck = (name: never, value: unknown) => CheckOutcome<unknown>;

/** Runnable tools for `runTools({ tools })`, one per declaration (pass `openaiChatTools`, or a subset). */
export function openaiRunnableTools(
  dispatcher: RunsCalls,
  declarations: readonly OpenaiChatDeclaration[],
  check: CallCheck,
): RunnableChatTool[] {
  const checkCall = check as (
    name: string,
    value: unknown,
  ) => CheckOutcome<unknown>;
  return declarations.map(({ function: declared }) => {
    const name = declared.name;
    return {
      type: "function",
      function: {
        name,
        description: declared.description,
        strict: declared.strict,
        parameters: declared.parameters,
        parse: (input: string) => {
          const text = typeof input === "string" ? input : String(input);
          let value: unknown;
          try {
            value = text.trim() === "" ? {} : JSON.parse(text);
          } catch {
            throw new Error(notJsonText(name, text));
          }
          let outcome: CheckOutcome<unknown>;
          try {
            outcome = checkCall(name, value);
          } catch {
            throw new Error(uncheckableText(name));
          }
          if (!outcome.ok)
            throw new Error(
              renderValidationErrors(name, outcome.errors, value),
            );
          return Object.freeze({ text, value: outcome.value });
        },
        function: async (args: CheckedArguments<unknown>) =>
          (
            await dispatcher.run({
              target: "openai-chat",
              name,
              arguments: args.text,
            })
          ).text,
      },
    };
  });
}
