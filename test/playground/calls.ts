/**
 * Calls that the playground's Try arguments and the Node runtime must answer alike: the answer
 * of the generated dispatcher (`createDispatcher` of the example catalog's generated/ output)
 * with a handler for every tool returning a fixed value, as the page does.
 */
export interface TryCall {
  readonly target: string;
  readonly tool: string;
  readonly arguments: string;
  readonly handlerResult: string;
}

export const NODE_CALLS: readonly TryCall[] = [
  { target: "openai-chat", tool: "get_weather", arguments: '{"city": 3}', handlerResult: "{}" },
  { target: "openai-chat", tool: "get_weather", arguments: '{"city": "Lisbon", "unit": null}', handlerResult: '{"temperature": 21, "unit": "celsius"}' },
  { target: "anthropic", tool: "get_weather", arguments: '{"city": "Lisbon"}', handlerResult: "{}" },
  { target: "openai-chat", tool: "get_weather", arguments: "not json", handlerResult: "{}" },
  { target: "mcp", tool: "write_measurement", arguments: '{"date": "2026-02-30", "data": {}}', handlerResult: "{}" },
  { target: "openai-responses", tool: "nope", arguments: "{}", handlerResult: "{}" },
  { target: "google-genai", tool: "delete_measurement", arguments: '{"date": "2026-01-01"}', handlerResult: '{"deleted": true}' },
];

type Create = (handlers: never, options: never) => { run(call: object): Promise<{ status: string; isError: boolean; text: string }> };

/** What the page shows for the call (would run, status, isError, text). */
export async function nodeAnswer(createDispatcher: unknown, call: TryCall): Promise<{ wouldRun: boolean; status: string; isError: boolean; text: string }> {
  let ran = false;
  const returned: unknown = JSON.parse(call.handlerResult);
  const handler = () => ((ran = true), structuredClone(returned));
  const tools = ["write_measurement", "log_meal", "list_exercises", "get_workout_history", "log_workout_set", "delete_measurement", "get_weather", "get_customer"];
  const dispatcher = (createDispatcher as Create)(Object.fromEntries(tools.map((t) => [t, handler])) as never, { confirm: () => true } as never);
  const result = await dispatcher.run({ target: call.target, id: "call_playground", name: call.tool, arguments: call.arguments });
  return { wouldRun: ran, status: result.status, isError: result.isError, text: result.text };
}
