/**
 * A local HTTP server on 127.0.0.1 that plays a provider's part: it answers each request with
 * the next recorded response (a JSON body or raw SSE bytes) and checks what the client sent
 * (path, and the results it posted back) against the script. Any difference is recorded and
 * answered with a 400 so the client fails at once; `finish()` throws the first difference and
 * fails when a scripted exchange was never requested.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  readonly method?: "GET" | "POST";
  /** The request path (without query) must match. */
  readonly path: RegExp;
  /** Throws when the request body is not what the client should have sent. */
  readonly check?: (body: unknown) => void;
  readonly status?: number;
  /** The recorded response body: JSON text, or SSE bytes when `sse`. */
  readonly body: string;
  readonly sse?: boolean;
}

export interface Replay {
  readonly url: string;
  /** Requests answered so far. */
  readonly served: number;
  /** The JSON bodies the client sent, in order. */
  readonly received: unknown[];
  finish(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startReplay(
  script: readonly Exchange[],
): Promise<Replay> {
  const failures: string[] = [];
  const received: unknown[] = [];
  let next = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const body: unknown = text === "" ? undefined : JSON.parse(text);
      received.push(body);
      const exchange = script[next];
      const path = (request.url ?? "").split("?")[0] ?? "";
      const fail = (why: string) => {
        failures.push(
          `request ${next + 1} (${request.method} ${path}): ${why}`,
        );
        response.writeHead(400, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            error: { message: `replay: ${why}`, type: "replay_mismatch" },
          }),
        );
      };
      if (exchange === undefined) return fail("no more recorded responses");
      next += 1;
      if (
        (exchange.method ?? "POST") !== request.method ||
        !exchange.path.test(path)
      )
        return fail(`expected ${exchange.method ?? "POST"} ${exchange.path}`);
      try {
        exchange.check?.(body);
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      response.writeHead(exchange.status ?? 200, {
        "content-type": exchange.sse ? "text/event-stream" : "application/json",
      });
      response.end(exchange.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return next;
    },
    received,
    finish() {
      if (failures.length > 0)
        throw new Error(
          `the replay server saw a difference:\n${failures.join("\n")}`,
        );
      if (next !== script.length)
        throw new Error(
          `the replay server served ${next} of ${script.length} recorded responses`,
        );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
