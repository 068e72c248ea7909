/**
 * A small static file server for the playground (node:http, no dependency): serves one folder
 * on 127.0.0.1 with the page's Content-Security-Policy as a header too (workers take their policy
 * from their own response), never a file outside the folder, never a directory listing.
 */
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

export const PLAYGROUND_CSP =
  "default-src 'none'; script-src 'self' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

export interface StaticServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1:`port` (0: any free port). */
export function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server = createServer((req, res) => {
    void (async () => {
      const headers = {
        "Content-Security-Policy": PLAYGROUND_CSP,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
      };
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { ...headers, Allow: "GET, HEAD" }).end();
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent(
          new URL(req.url ?? "/", "http://127.0.0.1").pathname,
        );
      } catch {
        res.writeHead(400, headers).end();
        return;
      }
      if (path.endsWith("/")) path += "index.html";
      const file = normalize(join(base, path));
      if (!file.startsWith(base) || path.includes("\0")) {
        res.writeHead(404, headers).end();
        return;
      }
      try {
        if (!(await stat(file)).isFile()) throw new Error("not a file");
        const body = await readFile(file);
        res.writeHead(200, {
          ...headers,
          "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
          "Content-Length": body.length,
        });
        res.end(req.method === "HEAD" ? undefined : body);
      } catch {
        res
          .writeHead(404, {
            ...headers,
            "Content-Type": "text/plain; charset=utf-8",
          })
          .end("not found\n");
      }
    })();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual =
        typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        server,
        close: () =>
          new Promise(
            (done) => (
              server.close(() => done()),
              server.closeAllConnections()
            ),
          ),
      });
    });
  });
}
