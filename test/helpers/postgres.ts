/**
 * A real PostgreSQL server for tests. With TOOLCAT_PG_URL set, that server is used. Otherwise a
 * throwaway one is started from the Debian packages' binaries (/usr/lib/postgresql/<v>/bin): a
 * fresh data directory under the system temp dir, listening on 127.0.0.1 and a free port only
 * (its socket in the data directory), run as the `postgres` user when the tests run as root
 * (PostgreSQL refuses to run as root), and stopped and removed afterwards.
 */
import { execFileSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Postgres {
  readonly url: string;
  stop(): void;
}

/** The newest installed server binaries directory, if any. */
function binaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, "bin") : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** A server, or the reason none could be started. */
export async function startPostgres(): Promise<
  Postgres | { readonly unavailable: string }
> {
  if (process.env.TOOLCAT_PG_URL)
    return { url: process.env.TOOLCAT_PG_URL, stop() {} };
  const bin = binaries();
  if (bin === undefined)
    return {
      unavailable:
        "no PostgreSQL server binaries under /usr/lib/postgresql (install Debian's postgresql, or set TOOLCAT_PG_URL)",
    };
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "toolcat-pg-"));
  const as = (command: string, args: string[]) =>
    asRoot
      ? execFileSync(
          "runuser",
          ["-u", "postgres", "--", join(bin, command), ...args],
          { stdio: "pipe" },
        )
      : execFileSync(join(bin, command), args, { stdio: "pipe" });
  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
      const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
      chownSync(dir, uid, gid);
    }
    const data = join(dir, "data");
    as("initdb", [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    as("pg_ctl", [
      "-D",
      data,
      "-o",
      options,
      "-l",
      join(dir, "server.log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        try {
          as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const detail =
      e instanceof Error && "stderr" in e
        ? String((e as { stderr: unknown }).stderr)
        : String(e);
    return {
      unavailable: `could not start PostgreSQL from ${bin}: ${detail.trim()}`,
    };
  }
}
