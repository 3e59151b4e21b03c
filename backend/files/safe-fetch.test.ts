import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filenameFrom, isPublicAddress, safeGet } from "./safe-fetch.ts";

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "93.184.216.34", "1.1.1.1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (a) => {
      expect(isPublicAddress(a)).toBe(true);
    },
  );

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "documentation"],
    ["::1", "v6 loopback"],
    ["::", "v6 unspecified"],
    ["fe80::1", "v6 link-local"],
    ["fc00::1", "v6 unique local"],
    ["fd12:3456::1", "v6 unique local"],
    ["ff02::1", "v6 multicast"],
    ["::ffff:127.0.0.1", "v4-mapped loopback"],
    ["::ffff:10.0.0.1", "v4-mapped private"],
    ["::ffff:169.254.169.254", "v4-mapped metadata"],
    ["2002:7f00:1::", "6to4 wrapping 127.0.0.1"],
    ["2001:db8::1", "v6 documentation"],
    ["example.com", "not an address"],
    ["", "empty"],
  ])("%s is refused (%s)", (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
});

describe("filenameFrom", () => {
  const url = new URL("https://example.com/files/Quarterly%20Report.pdf?x=1");
  it("prefers filename* (RFC 5987), then filename, then the last path segment", () => {
    expect(
      filenameFrom(
        { "content-disposition": "attachment; filename=\"plain.pdf\"; filename*=UTF-8''%C3%A9t%C3%A9.pdf" },
        url,
      ),
    ).toBe("été.pdf");
    expect(filenameFrom({ "content-disposition": 'attachment; filename="plain name.pdf"' }, url)).toBe(
      "plain name.pdf",
    );
    expect(filenameFrom({ "content-disposition": "attachment; filename=bare.csv" }, url)).toBe("bare.csv");
    expect(filenameFrom({}, url)).toBe("Quarterly Report.pdf");
  });

  it("never returns a path or an empty name", () => {
    expect(filenameFrom({ "content-disposition": 'attachment; filename="../../etc/passwd"' }, url)).toBe(
      ".._.._etc_passwd",
    );
    expect(filenameFrom({}, new URL("https://example.com/a%2Fb%5Cc.txt"))).toBe("a_b_c.txt");
    expect(filenameFrom({}, new URL("https://example.com/"))).toBe("download");
    expect(filenameFrom({ "content-disposition": "attachment; filename*=UTF-8''%0A%0D" }, url)).toBe("__");
  });
});

/**
 * Redirect re-checks. With the guard on, no local server can be reached at all, so this narrows
 * the allowed addresses to exactly 127.0.0.1 (the fake) through the isAllowedAddress seam: every
 * other address stays refused, and a redirect must be checked again before it is followed.
 */
describe("safeGet redirects", () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      const port = (server.address() as AddressInfo).port;
      const to: Record<string, string> = {
        "/to-v6-loopback": `http://[::1]:${port}/secret`,
        "/to-metadata": "http://169.254.169.254/latest/meta-data/",
        "/to-private-name": `http://127.0.0.1.nip.invalid:${port}/secret`,
        "/to-ftp": "ftp://127.0.0.1/x",
        "/to-ok": "/ok.txt",
      };
      if (to[req.url!]) return void res.writeHead(302, { location: to[req.url!] }).end();
      if (req.url === "/ok.txt") return void res.writeHead(200, { "content-type": "text/plain" }).end("fine");
      res.writeHead(500).end("unexpected");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (p: string) =>
    safeGet(base + p, { allowPrivate: false, timeoutMs: 2000, isAllowedAddress: (a) => a === "127.0.0.1" });

  it("follows an allowed redirect", async () => {
    const res = await get("/to-ok");
    expect(res.status).toBe(200);
    expect(res.finalUrl.pathname).toBe("/ok.txt");
    let text = "";
    for await (const c of res.body) text += String(c);
    expect(text).toBe("fine");
  });

  it.each([
    ["/to-v6-loopback", /^Refusing to fetch \[::1\]:\d+: it points to a private or internal address \(::1\)\.$/],
    ["/to-metadata", /^Refusing to fetch 169\.254\.169\.254: .*\(169\.254\.169\.254\)\.$/],
    ["/to-private-name", /^Could not resolve 127\.0\.0\.1\.nip\.invalid\.$/],
    ["/to-ftp", /^Only http and https URLs can be imported \(got ftp:\)\.$/],
  ])("re-checks the target of %s and refuses it", async (p, message) => {
    hits.length = 0;
    await expect(get(p)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(message) });
    expect(hits).toEqual([p]);
  });

  it("without the seam, the default guard refuses the local server itself", async () => {
    await expect(safeGet(`${base}/ok.txt`, { allowPrivate: false, timeoutMs: 2000 })).rejects.toMatchObject({
      status: 422,
    });
  });
});
