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

const WEATHER =
  '{"temperature": 21.5, "conditions": "sunny", "wind_speed": null}';

/** Wrong and right calls, for several targets (the arguments as the page takes them: JSON text). */
export const NODE_CALLS: readonly TryCall[] = [
  {
    target: "openai-chat",
    tool: "get_weather",
    arguments: '{"city": 3, "units": null}',
    handlerResult: WEATHER,
  },
  {
    target: "openai-chat",
    tool: "get_weather",
    arguments: '{"city": "Lisbon", "units": null}',
    handlerResult: WEATHER,
  },
  {
    target: "openai-chat",
    tool: "get_weather",
    arguments: '{"city": "Lisbon"}',
    handlerResult: WEATHER,
  },
  {
    target: "anthropic",
    tool: "get_weather",
    arguments: '{"city": "Lisbon"}',
    handlerResult: WEATHER,
  },
  {
    target: "anthropic",
    tool: "get_weather",
    arguments: '{"city": ""}',
    handlerResult: WEATHER,
  },
  {
    target: "openai-compatible",
    tool: "get_weather",
    arguments: "not json",
    handlerResult: WEATHER,
  },
  {
    target: "mcp",
    tool: "write_measurement",
    arguments: '{"date": "2026-02-30", "data": {}}',
    handlerResult: "{}",
  },
  {
    target: "openai-responses",
    tool: "nope",
    arguments: "{}",
    handlerResult: "{}",
  },
  {
    target: "google-genai",
    tool: "delete_measurement",
    arguments: '{"date": "2026-01-01", "confirm": true}',
    handlerResult: '{"deleted": 2}',
  },
  {
    target: "google-interactions",
    tool: "delete_measurement",
    arguments: '{"date": "2026-01-01", "confirm": true}',
    handlerResult: '{"deleted": -1}',
  },
  {
    target: "openai-agents",
    tool: "get_weather",
    arguments: '{"city": "Oslo", "units": "metric"}',
    handlerResult: "{}",
  },
];

type Create = (
  handlers: never,
  options: never,
) => {
  run(
    call: object,
  ): Promise<{ status: string; isError: boolean; text: string }>;
};

/** What the page shows for the call (would run, status, isError, text). */
export async function nodeAnswer(
  createDispatcher: unknown,
  call: TryCall,
): Promise<{
  wouldRun: boolean;
  status: string;
  isError: boolean;
  text: string;
}> {
  let ran = false;
  const returned: unknown = JSON.parse(call.handlerResult);
  const handler = () => ((ran = true), structuredClone(returned));
  const tools = [
    "write_measurement",
    "log_meal",
    "list_exercises",
    "get_workout_history",
    "log_workout_set",
    "delete_measurement",
    "get_weather",
    "get_customer",
  ];
  const dispatcher = (createDispatcher as Create)(
    Object.fromEntries(tools.map((t) => [t, handler])) as never,
    { confirm: () => true } as never,
  );
  const text = [
    "openai-chat",
    "openai-responses",
    "openai-compatible",
  ].includes(call.target);
  const result = await dispatcher.run({
    target: call.target,
    id: "call_playground",
    name: call.tool,
    arguments: text ? call.arguments : JSON.parse(call.arguments),
  });
  return {
    wouldRun: ran,
    status: result.status,
    isError: result.isError,
    text: result.text,
  };
}
