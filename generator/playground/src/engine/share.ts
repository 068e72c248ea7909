/**
 * The whole page state in the URL fragment: JSON, compressed with the browser's own
 * CompressionStream ("deflate-raw"), base64url, behind a version prefix: `#s1.<data>`. Reading
 * one back is defensive — a fragment that is too long, not base64url, not deflate, expands beyond
 * the limit, is not JSON of the right shape, or has another version gives `undefined` and a
 * reason, and the page opens empty with that one line.
 */
export const SHARE_VERSION = 1;
const PREFIX = `s${SHARE_VERSION}.`;
/** A fragment longer than this is not read (browsers and chat apps cut long links anyway). */
export const MAX_FRAGMENT = 256 * 1024;
/** Nor one that expands beyond this. */
export const MAX_STATE_BYTES = 2 * 1024 * 1024;

export type ShareRead<T> =
  | { readonly ok: true; readonly state: T }
  | { readonly ok: false; readonly reason: string };

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

async function pipeThrough(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array | undefined> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export async function encodeShare(state: unknown): Promise<string> {
  const json = new TextEncoder().encode(
    JSON.stringify({ v: SHARE_VERSION, state }),
  );
  const packed = await pipeThrough(
    json,
    new CompressionStream("deflate-raw"),
    Number.MAX_SAFE_INTEGER,
  );
  return PREFIX + toBase64Url(packed!);
}

/** `check` says whether the decoded state has the page's shape. */
export async function decodeShare<T>(
  fragment: string,
  check: (value: unknown) => value is T,
): Promise<ShareRead<T>> {
  const text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (text.length > MAX_FRAGMENT)
    return {
      ok: false,
      reason: `the shared link is too long (${text.length} characters; at most ${MAX_FRAGMENT})`,
    };
  const version = /^s(\d+)\./.exec(text);
  if (!version)
    return {
      ok: false,
      reason: "the shared link is not a toolcat playground link",
    };
  if (Number(version[1]) !== SHARE_VERSION)
    return {
      ok: false,
      reason: `the shared link is from playground version ${version[1]}; this page reads version ${SHARE_VERSION}`,
    };
  const bytes = fromBase64Url(text.slice(version[0].length));
  if (!bytes)
    return { ok: false, reason: "the shared link is corrupt (not base64url)" };
  let json: Uint8Array | undefined;
  try {
    json = await pipeThrough(
      bytes,
      new DecompressionStream("deflate-raw"),
      MAX_STATE_BYTES,
    );
  } catch {
    return {
      ok: false,
      reason:
        "the shared link is corrupt or truncated (it does not decompress)",
    };
  }
  if (!json)
    return {
      ok: false,
      reason: `the shared link expands beyond ${MAX_STATE_BYTES} bytes`,
    };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    return {
      ok: false,
      reason: "the shared link is corrupt (its contents are not JSON)",
    };
  }
  const wrapper = value as { v?: unknown; state?: unknown } | null;
  if (
    typeof wrapper !== "object" ||
    wrapper === null ||
    wrapper.v !== SHARE_VERSION
  )
    return {
      ok: false,
      reason: "the shared link carries another version of the page state",
    };
  if (!check(wrapper.state))
    return {
      ok: false,
      reason: "the shared link's contents do not have the page's shape",
    };
  return { ok: true, state: wrapper.state };
}
