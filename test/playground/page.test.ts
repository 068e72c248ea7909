/**
 * The playground end to end: the page built with Vite (as `npm run playground:build` builds it),
 * served by toolcat's own static server on 127.0.0.1, driven in Debian's headless Chromium with
 * playwright-core. Under CI (CI=true) a missing /usr/bin/chromium fails; elsewhere the browser
 * tests are skipped, loudly. The build-level checks (no Node module in the page, bundle size)
 * run either way.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Plugin } from "vite";
import {
  serveStatic,
  type StaticServer,
} from "../../generator/node/static-server.js";
import { autoStrict } from "../../generator/playground/src/engine/check.js";
import {
  BROKEN_EXAMPLE,
  CLEAN_EXAMPLE,
} from "../../generator/playground/src/examples.js";
import { createDispatcher } from "../../generated/dispatcher.js";
import { repoRoot } from "../helpers/pipeline.js";
import { NODE_CALLS, nodeAnswer } from "./calls.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
const underCi = process.env.CI === "true";
if (!haveChromium && !underCi)
  console.warn(
    `\n*** SKIPPING the playground's browser tests: ${CHROMIUM} is missing (apt-get install chromium). Under CI this fails. ***\n`,
  );

const configFile = join(repoRoot, "generator", "playground", "vite.config.ts");
const outDir = join(repoRoot, "test", ".tmp", `playground-${process.pid}`);
const moduleIds = new Set<string>();
let buildMs = 0;

function collector(): Plugin {
  return {
    name: "collect-module-ids",
    transform: (_code, id) => void moduleIds.add(id),
  };
}

async function buildPage(): Promise<void> {
  const vite = await import("vite");
  const { nodeFree } = (await import(configFile)) as { nodeFree: () => Plugin };
  const started = performance.now();
  await vite.build({
    configFile,
    logLevel: "error",
    plugins: [collector()],
    worker: { format: "es", plugins: () => [nodeFree(), collector()] },
    build: { outDir, emptyOutDir: true },
  });
  buildMs = performance.now() - started;
}

beforeAll(async () => {
  mkdirSync(join(repoRoot, "test", ".tmp"), { recursive: true });
  await buildPage();
}, 180_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(join(repoRoot, "test", ".tmp", `node-free-${process.pid}`), {
    recursive: true,
    force: true,
  });
});

describe("the built page", () => {
  it("imports nothing Node-only: every module of the page and its workers, and the pipeline is among them", () => {
    const ids = [...moduleIds].map((id) =>
      id.split("?")[0]!.replace(/\\/g, "/"),
    );
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(
      ids.filter(
        (id) =>
          builtins.has(id) ||
          id.startsWith("node:") ||
          id.includes("/generator/node/") ||
          id.includes("/generator/cli/"),
      ),
    ).toEqual([]);
    for (const stage of [
      "core/pipeline.ts",
      "core/lint/fix.ts",
      "core/import/import-tools.ts",
      "core/load/load-catalog.ts",
      "core/emit/registry.ts",
      "prettier/standalone",
    ])
      expect(
        ids.some((id) => id.includes(stage)),
        stage,
      ).toBe(true);
    console.log(
      `playground build: ${Math.round(buildMs)} ms, ${ids.length} modules`,
    );
  });

  it("refuses to build when something it imports reaches a Node module", async () => {
    const vite = await import("vite");
    const { nodeFree } = (await import(configFile)) as {
      nodeFree: () => Plugin;
    };
    const root = join(repoRoot, "test", ".tmp", `node-free-${process.pid}`);
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, "index.html"),
      '<script type="module" src="./main.js"></script>',
    );
    writeFileSync(
      join(root, "main.js"),
      'import { readFileSync } from "node:fs";\nconsole.log(readFileSync);\n',
    );
    await expect(
      vite.build({
        configFile: false,
        root,
        logLevel: "silent",
        plugins: [nodeFree()],
        build: { outDir: join(root, "out"), write: false },
      }),
    ).rejects.toThrow(/must not import Node-only modules.*node:fs/);
  });

  it("sets a Content-Security-Policy without inline scripts or other origins, and loads only its own files", () => {
    const html = readFileSync(join(outDir, "index.html"), "utf8");
    const csp =
      /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
        html,
      )?.[1] ?? "";
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self' blob:;/);
    expect(csp).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline|https?:|\*/,
    );
    // No inline script in the built page, and every reference is relative to the page.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const ref of html.matchAll(/(?:src|href)="([^"]+)"/g))
      expect(ref[1]).toMatch(/^(\.\/|data:,$)/);
  });

  it("writes user text only as text: no HTML sinks in the page's source", () => {
    const dir = join(repoRoot, "generator", "playground", "src");
    const sources = readdirSync(dir, {
      recursive: true,
      encoding: "utf8",
    }).filter((f) => f.endsWith(".ts"));
    expect(sources).toContain("main.ts");
    for (const f of sources)
      expect(readFileSync(join(dir, f), "utf8"), f).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc|\beval\(|new Function/,
      );
  });

  it("reports its JavaScript size", () => {
    const assets = readdirSync(join(outDir, "assets")).filter((f) =>
      f.endsWith(".js"),
    );
    let raw = 0;
    let gzip = 0;
    const lines: string[] = [];
    for (const f of assets) {
      const bytes = readFileSync(join(outDir, "assets", f));
      const g = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += g;
      lines.push(
        `  ${f}: ${(bytes.length / 1024).toFixed(0)} KiB, gzip ${(g / 1024).toFixed(0)} KiB`,
      );
    }
    console.log(
      `playground JavaScript: ${(raw / 1024).toFixed(0)} KiB, gzip ${(gzip / 1024).toFixed(0)} KiB\n${lines.join("\n")}`,
    );
    expect(gzip).toBeGreaterThan(0);
  });
});

describe.runIf(haveChromium || underCi)("the page in headless Chromium", () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  const requests: string[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  const open = async (fragment = ""): Promise<Page> => {
    const page = await context.newPage();
    page.on("request", (r) => void requests.push(r.url()));
    page.on("pageerror", (e) => void pageErrors.push(e.message));
    page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
    await page.goto(server.url + fragment);
    await page.waitForSelector("body[data-ready=true]");
    return page;
  };
  const rows = (page: Page) =>
    page.$$eval("#findings tbody tr", (trs) =>
      trs.map((tr) => [
        (tr as HTMLElement).dataset.rule,
        (tr as HTMLElement).dataset.pointer,
        (tr as HTMLElement).dataset.resolves,
      ]),
    );
  const editorText = (page: Page) =>
    page.evaluate(() =>
      (
        globalThis as unknown as { toolcatPlayground: { getInput(): string } }
      ).toolcatPlayground.getInput(),
    );
  const waitChecked = (page: Page, after: number) =>
    page.waitForFunction(
      (n) =>
        (globalThis as unknown as { toolcatPlayground: { checks: number } })
          .toolcatPlayground.checks > n,
      after,
      { timeout: 120_000 },
    );
  const checks = (page: Page) =>
    page.evaluate(
      () =>
        (globalThis as unknown as { toolcatPlayground: { checks: number } })
          .toolcatPlayground.checks,
    );
  const waitGenerated = (page: Page, after: number) =>
    page.waitForFunction(
      (n) => Number(document.body.dataset.generation ?? "0") > n,
      after,
      { timeout: 120_000 },
    );
  const generation = (page: Page) =>
    page.evaluate(() => Number(document.body.dataset.generation ?? "0"));
  const setInput = async (page: Page, text: string) => {
    const before = await checks(page);
    await page.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            toolcatPlayground: { setInput(t: string): void };
          }
        ).toolcatPlayground.setInput(t),
      text,
    );
    await waitChecked(page, before);
  };
  /** How long the main thread takes to run a task queued now (ms). */
  const mainThreadDelay = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const t = performance.now();
          setTimeout(() => resolve(performance.now() - t), 0);
        }),
    );

  beforeAll(async () => {
    expect(
      existsSync(CHROMIUM),
      `${CHROMIUM} is missing: under CI the playground's browser tests need Debian's chromium`,
    ).toBe(true);
    server = await serveStatic(outDir);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: server.url.replace(/\/$/, ""),
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("serves its CSP as a header too, and the browser enforces it: an injected inline script does not run", async () => {
    const response = await fetch(server.url);
    expect(response.headers.get("content-security-policy")).toMatch(
      /script-src 'self' blob:;/,
    );
    const page = await open();
    const ran = await page.evaluate(async () => {
      const violated = new Promise<string>((resolve) =>
        document.addEventListener(
          "securitypolicyviolation",
          (e) => resolve(e.violatedDirective),
          { once: true },
        ),
      );
      const s = document.createElement("script");
      s.textContent = "window.inlineRan = true";
      document.body.append(s);
      return {
        violated: await violated,
        ran: (window as unknown as { inlineRan?: boolean }).inlineRan === true,
      };
    });
    expect(ran).toEqual({ violated: "script-src-elem", ran: false });
    await page.close();
  }, 180_000);

  it("checks the broken example: its findings by rule id and path, marked in the editor; Auto-strict fixes what lint --fix fixes, and a second click changes nothing", async () => {
    const page = await open();
    let n = await checks(page);
    await page.click("[data-testid=example-broken]");
    await waitChecked(page, n);
    expect(await rows(page)).toEqual([
      ["no-additional-properties", "/tools/get_weather/input", "auto-strict"],
      [
        "description-present",
        "/tools/get_weather/input/properties/city",
        "needs-words",
      ],
      ["all-required", "/tools/get_weather/input/properties/unit", "none"],
      [
        "no-defaults",
        "/tools/get_weather/input/properties/unit/default",
        "auto-strict",
      ],
      [
        "required-undeclared",
        "/tools/get_weather/input/required/1",
        "auto-strict",
      ],
    ]);
    expect(await page.locator(".cm-lintRange").count()).toBeGreaterThanOrEqual(
      4,
    );
    expect(await page.textContent("[data-testid=check-summary]")).toMatch(
      /1 needs a sentence or name from you/,
    );
    // docs/playground.png: written when missing or with UPDATE_SCREENSHOT=1 (pixels vary from run
    // to run, so an ordinary run leaves the committed one alone); always taken.
    await page.evaluate(() => window.scrollTo(0, 0));
    const committed = join(repoRoot, "docs", "playground.png");
    const shot = await page.screenshot({
      path:
        process.env.UPDATE_SCREENSHOT === "1" || !existsSync(committed)
          ? committed
          : join(outDir, "playground.png"),
    });
    expect(shot.length).toBeGreaterThan(10_000);

    n = await checks(page);
    await page.click("[data-testid=auto-strict]");
    await waitChecked(page, n);
    const fixed = await editorText(page);
    expect(fixed).toBe(autoStrict(BROKEN_EXAMPLE).text);
    expect((await rows(page)).filter((r) => r[2] === "auto-strict")).toEqual(
      [],
    );
    expect(await rows(page)).toEqual([
      [
        "description-present",
        "/tools/get_weather/input/properties/city",
        "needs-words",
      ],
      ["all-required", "/tools/get_weather/input/properties/unit", "none"],
    ]);
    n = await checks(page);
    await page.click("[data-testid=auto-strict]");
    await waitChecked(page, n);
    expect(await editorText(page)).toBe(fixed);
    expect(
      await page.getAttribute("[data-testid=check-summary]", "data-applied"),
    ).toBe("0");

    // Hostile text in the editor and in findings stays text.
    await setInput(
      page,
      `toolcat: 1\ntools:\n  "<img src=x onerror=alert(1)>":\n    description: "</textarea><script>alert(2)</script> javascript:alert(3) {{x}}"\n    input: { type: object, properties: { a: { type: string, enum: ["<b>x</b>", "<img src=y onerror=alert(4)>"] } } }\n`,
    );
    expect((await rows(page)).map((r) => r[0])).toContain("name-portable");
    expect(await page.textContent("#findings tbody")).toContain(
      "<img src=x onerror=alert(1)>",
    );
    expect(await page.locator("img, b, main script").count()).toBe(0);
    expect(dialogs).toEqual([]);

    n = await checks(page);
    await page.click("[data-testid=example-clean]");
    await waitChecked(page, n);
    expect(await rows(page)).toEqual([]);
    expect(await page.textContent("[data-testid=check-summary]")).toMatch(
      /no findings/,
    );
    // The clean example copies as it is.
    await page.click("[data-testid=copy-input]");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      CLEAN_EXAMPLE,
    );
    await page.close();
  }, 180_000);

  it("reads pasted provider declarations as toolcat import does (JSON mode), and Auto-strict turns them into a fixed catalog", async () => {
    const page = await open();
    const tools = {
      tools: [
        {
          name: "get_weather",
          description: "Current weather.",
          inputSchema: {
            type: "object",
            properties: {
              city: { type: "string", description: "City.", default: "Oslo" },
            },
            required: ["city"],
          },
        },
      ],
    };
    await setInput(page, JSON.stringify(tools, null, 2));
    expect(await page.textContent("[data-testid=language]")).toBe("JSON");
    expect(await page.textContent("[data-testid=check-summary]")).toMatch(
      /^Provider declarations: /,
    );
    const found = await rows(page);
    expect(
      found
        .filter((r) => r[2] === "auto-strict")
        .map((r) => r[0])
        .sort(),
    ).toEqual(["no-additional-properties", "no-defaults"]);
    const n = await checks(page);
    await page.click("[data-testid=auto-strict]");
    await waitChecked(page, n);
    expect(await page.textContent("[data-testid=language]")).toBe("YAML");
    expect(await editorText(page)).toMatch(
      /^# yaml-language-server: \$schema=node_modules\/toolcat\/catalog\.schema\.json\n# Imported by toolcat import from pasted\.json\.\n/,
    );
    expect((await rows(page)).filter((r) => r[2] === "auto-strict")).toEqual(
      [],
    );
    await page.close();
  }, 180_000);

  it("shows toolcat generate's files for the example catalog, copies one, and answers calls as the Node runtime does", async () => {
    const page = await open();
    const g = await generation(page);
    await setInput(
      page,
      readFileSync(join(repoRoot, "catalog", "tools.yaml"), "utf8"),
    );
    await waitGenerated(page, g);
    const tabs = await page.$$eval("[data-testid=output-tabs] button", (bs) =>
      bs.map((b) => (b as HTMLElement).dataset.testid!.slice(4)),
    );
    expect(tabs).toContain("providers/openai-chat.ts");
    expect(tabs[tabs.length - 1]).toBe("handlers.ts");
    for (const tab of tabs.filter(
      (t) => t !== "catalog.yaml" && t !== "handlers.ts",
    )) {
      await page.click(`[data-testid="tab-${tab}"]`);
      expect(await page.textContent("[data-testid=output]"), tab).toBe(
        readFileSync(join(repoRoot, "generated", tab), "utf8"),
      );
    }
    for (const other of await page.$$eval(
      "[data-testid=other-files] option",
      (os) =>
        os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ""),
    )) {
      await page.selectOption("[data-testid=other-files]", other);
      expect(await page.textContent("[data-testid=output]"), other).toBe(
        readFileSync(join(repoRoot, "generated", other), "utf8"),
      );
    }
    await page.click('[data-testid="tab-handlers.ts"]');
    expect(await page.textContent("[data-testid=output]")).toMatch(
      /^export const dispatcher = createDispatcher\(\n[\s\S]*  \{ confirm: async \(\) => false \}/m,
    );
    await page.click('[data-testid="tab-providers/openai-chat.ts"]');
    expect(await page.textContent("[data-testid=output-notes]")).toMatch(
      /write_measurement: strict — strict: auto and the schema fits openai-chat's strict subset/,
    );

    await page.click('[data-testid="tab-types.ts"]');
    await page.click("[data-testid=copy-output]");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      readFileSync(join(repoRoot, "generated", "types.ts"), "utf8"),
    );

    for (const call of NODE_CALLS) {
      await page.selectOption("[data-testid=try-target]", call.target);
      if (call.tool !== "nope")
        await page.selectOption("[data-testid=try-tool]", call.tool);
      else
        await page.evaluate(() => {
          const s = document.querySelector(
            "[data-testid=try-tool]",
          ) as HTMLSelectElement;
          s.append(new Option("nope", "nope"));
          s.value = "nope";
          s.dispatchEvent(new Event("change"));
        });
      await page.fill("[data-testid=try-arguments]", call.arguments);
      await page.fill("[data-testid=try-result]", call.handlerResult);
      const tries = await page.evaluate(() =>
        Number(document.body.dataset.tries ?? "0"),
      );
      await page.click("[data-testid=try-run]");
      await page.waitForFunction(
        (t) => Number(document.body.dataset.tries ?? "0") > t,
        tries,
      );
      const expected = await nodeAnswer(createDispatcher, call);
      expect(
        {
          status: await page.textContent("[data-testid=try-status]"),
          isError: await page.textContent("[data-testid=try-is-error]"),
          text: await page.textContent("[data-testid=try-text]"),
          wouldRun: (await page.textContent(
            "[data-testid=try-would-run]",
          ))!.startsWith("yes"),
        },
        JSON.stringify(call),
      ).toEqual({
        status: expected.status,
        isError: String(expected.isError),
        text: expected.text,
        wouldRun: expected.wouldRun,
      });
    }
    await page.close();
  }, 180_000);

  it("builds a tool from the form (nested objects, arrays of objects, optional parameters), shows hostile text as text, and reopens it from a shared link", async () => {
    const page = await open();
    await page.click("[data-testid=mode-build]");
    const hostile = `<script>alert(1)</script></textarea><img src=x onerror=alert(2)> javascript:alert(3) {{constructor}}`;
    await page.fill("[data-testid=tool-name]", "plan_trip");
    await page.fill(
      "[data-testid=tool-description]",
      `Plan a trip. ${hostile}`,
    );
    // The example rows (city, optional unit enum) stay; add an object with an array of objects.
    await page.click("[data-testid=add-parameter]");
    await page.fill("[data-testid=parameter-2-name]", "stops");
    await page.selectOption("[data-testid=parameter-2-type]", "array");
    await page.selectOption("[data-testid=parameter-2-items]", "object");
    await page.fill("[data-testid=parameter-2-description]", "Where to stop.");
    await page.click("[data-testid=parameter-2-add]");
    await page.fill("[data-testid=parameter-2-0-name]", "place");
    await page.fill("[data-testid=parameter-2-0-description]", hostile);
    await page.click("[data-testid=parameter-2-add]");
    await page.fill("[data-testid=parameter-2-1-name]", "nights");
    await page.selectOption("[data-testid=parameter-2-1-type]", "integer");
    await page.fill("[data-testid=parameter-2-1-description]", "Nights there.");
    await page.click("[data-testid=parameter-2-1-required]");
    const g = await generation(page);
    await waitGenerated(page, g);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=output]")
        ?.textContent?.includes("nights"),
    );
    await page.click('[data-testid="tab-catalog.yaml"]');
    const yaml = (await page.textContent("[data-testid=output]"))!;
    expect(yaml).toContain("  plan_trip:\n");
    expect(yaml).toContain("<script>alert(1)</script>");
    expect(await page.textContent("[data-testid=build-findings]")).toBe(
      "No findings.",
    );
    const report = (await page.textContent("[data-testid=optional-report]"))!;
    expect(report).toMatch(
      /openai-chat \(strict\): unit: required and nullable \("null means omitted"/,
    );
    expect(report).toMatch(
      /anthropic \(not strict\): unit: left out of required/,
    );
    await page.click('[data-testid="tab-types.ts"]');
    expect(await page.textContent("[data-testid=output]")).toMatch(
      /nights\?: number/,
    );
    // Hostile text stayed text: nothing ran, no element was made of it.
    expect(dialogs).toEqual([]);
    expect(await page.locator("img").count()).toBe(0);

    await page.click("[data-testid=share]");
    await page.waitForFunction(() => location.hash.startsWith("#s1."));
    const url = page.url();
    await page.close();
    const again = await context.newPage();
    again.on("request", (r) => void requests.push(r.url()));
    await again.goto(url);
    await again.waitForSelector("body[data-ready=true]");
    expect(await again.inputValue("[data-testid=tool-name]")).toBe("plan_trip");
    expect(await again.inputValue("[data-testid=parameter-2-1-name]")).toBe(
      "nights",
    );
    await again.reload();
    await again.waitForSelector("body[data-ready=true]");
    expect(await again.inputValue("[data-testid=tool-description]")).toBe(
      `Plan a trip. ${hostile}`,
    );
    expect(await again.textContent("[data-testid=notice]")).toBe("");
    await again.close();
  }, 180_000);

  it("a corrupt, truncated or other-version link opens an empty page with a one-line notice", async () => {
    for (const fragment of [
      "#s1.@@@",
      "#s1.q1ZKy8kvUrJSykvMTQUA",
      "#s9.AAAA",
      `#s1.${"A".repeat(300 * 1024)}`,
    ]) {
      const page = await open(fragment);
      const notice = (await page.textContent("[data-testid=notice]"))!;
      expect(notice, fragment.slice(0, 20)).toMatch(
        /^Opened an empty page: the shared link .+\.$/,
      );
      expect(notice).not.toContain("\n");
      expect(await page.inputValue("[data-testid=tool-name]")).toBe("");
      expect(await editorText(page)).toBe("");
      await page.close();
    }
  }, 180_000);

  it("stays responsive on a 5 MB paste, a YAML alias bomb and recursive $refs, and shows the CLI's diagnostics", async () => {
    const page = await open();
    const big = `toolcat: 1\ntools:\n${Array.from({ length: 30_000 }, (_, i) => `  t${i}:\n    description: Tool ${i}.\n    input: { type: object, properties: { a: { type: string, description: A. } }, required: [a], additionalProperties: false }`).join("\n")}\n# ${"x".repeat(1024 * 1024)}\n`;
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    let n = await checks(page);
    await page.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            toolcatPlayground: { setInput(t: string): void };
          }
        ).toolcatPlayground.setInput(t),
      big,
    );
    expect(await mainThreadDelay(page)).toBeLessThan(1000);
    await waitChecked(page, n);
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from(
      { length: 9 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(
          9,
        )
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(",")}]`,
    ).join("\n")}\n`;
    n = await checks(page);
    const started = performance.now();
    await page.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            toolcatPlayground: { setInput(t: string): void };
          }
        ).toolcatPlayground.setInput(t),
      bomb,
    );
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) delays.push(await mainThreadDelay(page));
    await waitChecked(page, n);
    const checkMs = performance.now() - started;
    // The bomb's check takes about 0.7 s of the worker's time on an idle machine; run on the page's
    // thread it would hold the page for nearly all of it. A machine loaded by other tests can also
    // hold the page a while (CI saw 0.8 s once), but not for most of the check: a delay fails only
    // when it is both long and most of the check's time.
    const longest = Math.max(...delays);
    expect(
      longest < 500 || longest < 0.6 * checkMs,
      `the page was held ${longest.toFixed(0)} ms of the check's ${checkMs.toFixed(0)} ms`,
    ).toBe(true);
    expect(await page.textContent("#findings tbody")).toMatch(
      /yaml-syntax.*document expands to more than 2000000 nodes through aliases/,
    );
    await setInput(
      page,
      `toolcat: 1\ntools:\n  t:\n    description: T.\n    input: { type: object, properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } }\n`,
    );
    expect((await rows(page)).map((r) => r[0])).toContain("unresolved-ref");
    await page.close();
  }, 240_000);

  it("refreshes findings quickly after a keystroke (printed; only a generous bound is asserted)", async () => {
    const page = await open();
    const measure = async (catalog: string, keys: number) => {
      await setInput(page, catalog);
      await page.evaluate(
        () =>
          ((
            globalThis as unknown as {
              toolcatPlayground: { findingsLatencies: number[] };
            }
          ).toolcatPlayground.findingsLatencies.length = 0),
      );
      await page.click(".cm-content");
      await page.keyboard.press("Control+End");
      for (let i = 0; i < keys; i++) {
        const before = await checks(page);
        await page.keyboard.type("#");
        await waitChecked(page, before);
      }
      const latencies = await page.evaluate(() =>
        (
          globalThis as unknown as {
            toolcatPlayground: { findingsLatencies: number[] };
          }
        ).toolcatPlayground.findingsLatencies.slice(),
      );
      latencies.sort((a, b) => a - b);
      return {
        median: latencies[Math.floor(latencies.length / 2)]!,
        max: latencies[latencies.length - 1]!,
      };
    };
    const tool = (i: number) =>
      `  tool_${i}:\n    description: Tool number ${i}.\n    input:\n      type: object\n      properties:\n        city: { type: string, description: Name of the city. }\n        unit: { type: string, enum: [celsius, fahrenheit], description: Temperature unit. }\n      required: [city]\n      additionalProperties: false\n`;
    const head =
      "toolcat: 1\ntargets:\n  openai-chat: { strict: auto }\n  anthropic: {}\n  mcp: {}\ntools:\n";
    const one = await measure(head + tool(0), 10);
    const g = await generation(page);
    const many = await measure(
      head + Array.from({ length: 200 }, (_, i) => tool(i)).join(""),
      6,
    );
    await waitGenerated(page, g);
    console.log(
      `keystroke to refreshed findings: 1 tool median ${one.median.toFixed(0)} ms (max ${one.max.toFixed(0)}); 200 tools median ${many.median.toFixed(0)} ms (max ${many.max.toFixed(0)}) [targets: 150 ms, 1000 ms]`,
    );
    const outputs = await page.evaluate(() =>
      (
        globalThis as unknown as {
          toolcatPlayground: { outputsLatencies: number[] };
        }
      ).toolcatPlayground.outputsLatencies.slice(),
    );
    console.log(
      `outputs after an edit (on the output worker): ${outputs.map((o) => o.toFixed(0)).join(", ")} ms`,
    );
    expect(one.median).toBeLessThan(2000);
    expect(many.median).toBeLessThan(10_000);
    await page.close();
  }, 240_000);

  it("sent no request beyond the page's own origin, and threw no error", () => {
    const origin = server.url.replace(/\/$/, "");
    expect(requests.length).toBeGreaterThan(0);
    expect(
      requests.filter(
        (u) =>
          !(
            u.startsWith(`${origin}/`) ||
            u.startsWith("blob:") ||
            u.startsWith("data:")
          ),
      ),
    ).toEqual([]);
    expect(
      requests.filter(
        (u) => u.startsWith("blob:") && !u.startsWith(`blob:${origin}/`),
      ),
    ).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
