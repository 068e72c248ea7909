/**
 * `toolcat playground`: help text, a bad --port, and serving — it builds the page when
 * dist/playground is missing, prints the 127.0.0.1 address, serves the page with its CSP header
 * and nothing outside the folder.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveStatic } from "../../generator/node/static-server.js";
import { bin, toolcat } from "../helpers/cli.js";
import { repoRoot } from "../helpers/pipeline.js";

describe("toolcat playground", () => {
  it("has help, and is listed among the commands", () => {
    const help = toolcat(repoRoot, ["playground", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /^Usage: toolcat playground \[--port N\] \[--rebuild\]/,
    );
    expect(help.stdout).toMatch(/nothing typed into it\nleaves the page/);
    expect(toolcat(repoRoot, ["--help"]).stdout).toMatch(
      /^ {2}playground +serve the browser playground on 127\.0\.0\.1/m,
    );
  });

  it("refuses a port that is not one", () => {
    const run = toolcat(repoRoot, ["playground", "--port", "http"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--port wants a number from 0 to 65535, not "http"/,
    );
  });

  it("serves the page on 127.0.0.1 and prints the address", async () => {
    const child = spawn(process.execPath, [bin, "playground", "--port", "0"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      child.stdout.setEncoding("utf8");
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          out += chunk;
          const m = /^toolcat playground: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(
            out,
          );
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) =>
          reject(new Error(`exited with ${code}: ${out}`)),
        );
      });
      const page = await fetch(address);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toMatch(
        /default-src 'none'; script-src 'self' blob:;/,
      );
      expect(await page.text()).toMatch(/<title>toolcat playground<\/title>/);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 120_000);

  it("the static server serves nothing outside its folder", async () => {
    const root = join(repoRoot, "test", ".tmp", `static-${process.pid}`);
    mkdirSync(join(root, "sub"), { recursive: true });
    writeFileSync(join(root, "sub", "a.js"), "export {};\n");
    const served = await serveStatic(join(root, "sub"));
    try {
      expect((await fetch(`${served.url}..%2fsub%2fa.js`)).status).toBe(200);
      expect(
        (await fetch(`${served.url}a.js`)).headers.get("content-type"),
      ).toBe("text/javascript; charset=utf-8");
      for (const path of [
        "..%2f..%2fpackage.json",
        "%2e%2e/package.json",
        "..%5c..%5cpackage.json",
        "sub/",
        "nope",
      ])
        expect((await fetch(served.url + path)).status, path).toBe(404);
      expect((await fetch(served.url, { method: "POST" })).status).toBe(405);
    } finally {
      await served.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
