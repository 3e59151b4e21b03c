import { describe, expect, it } from "vitest";
import { SandboxError } from "./errors.ts";
import { defaultSqlLimits, runSql, type SqlLimits, type SqlTable } from "./sql-sandbox.ts";

const sales: SqlTable = {
  name: "sales",
  columns: [
    { name: "region", type: "VARCHAR" },
    { name: "units", type: "BIGINT" },
    { name: "revenue", type: "DOUBLE" },
    { name: "day", type: "DATE" },
  ],
  rows: [
    ["North", 3, 10.5, "2022-01-03"],
    ["South", 2, 4, "2022-01-04"],
    ["North", 5, 20.25, "2022-02-01"],
    [null, null, null, null],
  ],
};

async function refused(sql: string, message: RegExp, limits: SqlLimits = defaultSqlLimits): Promise<number> {
  const started = Date.now();
  const err = await runSql(sql, [sales], limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, sql).toBeInstanceOf(SandboxError);
  expect((err as Error).message).toMatch(message);
  const ms = Date.now() - started;
  expect(ms).toBeLessThan(15_000);
  return ms;
}

describe("runSql", () => {
  it("aggregates typed columns; dates as ISO text, BigInts as numbers", async () => {
    const out = await runSql(
      "SELECT region, sum(units) AS units, sum(revenue) AS revenue, min(day) AS first FROM sales WHERE region IS NOT NULL GROUP BY region ORDER BY region",
      [sales],
    );
    expect(out).toEqual({
      columns: [
        { name: "region", type: "VARCHAR" },
        { name: "units", type: "HUGEINT" },
        { name: "revenue", type: "DOUBLE" },
        { name: "first", type: "DATE" },
      ],
      rows: [
        ["North", 8, 30.75, "2022-01-03"],
        ["South", 2, 4, "2022-01-04"],
      ],
      row_count: 2,
      truncated: false,
    });
  });

  it("answers WITH, VALUES, DESCRIBE, SHOW TABLES, SUMMARIZE and PIVOT with an IN list", async () => {
    expect((await runSql("WITH n AS (SELECT count(*) AS c FROM sales) SELECT c FROM n", [sales])).rows).toEqual([[4]]);
    expect((await runSql("VALUES (1, 'a')", [])).rows).toEqual([[1, "a"]]);
    expect((await runSql("DESCRIBE sales", [sales])).rows.map((r) => r.slice(0, 2))).toEqual([
      ["region", "VARCHAR"],
      ["units", "BIGINT"],
      ["revenue", "DOUBLE"],
      ["day", "DATE"],
    ]);
    expect((await runSql("SHOW TABLES", [sales])).rows).toEqual([["sales"]]);
    expect((await runSql("SUMMARIZE sales", [sales])).row_count).toBe(4);
    expect(
      (
        await runSql("PIVOT (SELECT region, units FROM sales) ON region IN ('North', 'South') USING sum(units)", [
          sales,
        ])
      ).rows,
    ).toEqual([[8, 2]]);
    expect((await runSql("-- a comment\n(SELECT 1 AS one)", [])).rows).toEqual([[1]]);
  });

  it("caps the rows and the cell text, and says how many there were", async () => {
    const out = await runSql(
      "SELECT range AS i, repeat('x', 5000) AS s, 9007199254740993::BIGINT AS big FROM range(2000)",
      [],
    );
    expect(out.rows).toHaveLength(500);
    expect(out).toMatchObject({ row_count: 2000, truncated: true });
    expect((out.rows[0]![1] as string).length).toBe(1001);
    expect(out.rows[0]![2]).toBe("9007199254740993");
  });

  it("reports a bad query with DuckDB's message", async () => {
    await refused("SELECT nope FROM sales", /nope/);
    await refused("SELECT * FROM missing_table", /missing_table/);
    await refused("SELEC 1", /SELEC/);
  });

  it("refuses anything that is not one read query, and every file, network and extension access", async () => {
    const hostile: [string, RegExp][] = [
      ["SELECT * FROM read_csv('/etc/passwd')", /disabled by configuration/],
      ["SELECT * FROM read_text('/etc/hostname')", /disabled by configuration/],
      ["SELECT * FROM glob('/*')", /disabled by configuration/],
      [
        "SELECT * FROM read_parquet('https://example.com/x.parquet')",
        /disabled by configuration|not allowed|Permission/,
      ],
      ["FROM '/etc/passwd'", /disabled by configuration|does not exist/],
      ["SELECT * FROM 'https://example.com/a.csv'", /disabled by configuration/],
      ["SELECT * FROM read_blob('/etc/hostname')", /disabled by configuration/],
      ["SELECT * FROM duckdb_secrets()", /disabled by configuration/],
      ["SELECT * FROM query('COPY sales TO ''/tmp/out.csv''')", /single SELECT statement/],
      ["SELECT * FROM query('SET lock_configuration = false')", /single SELECT statement/],
      ["COPY sales TO '/tmp/out.csv'", /COPY is not allowed/],
      ["ATTACH '/tmp/x.db' AS x", /ATTACH is not allowed/],
      ["INSTALL httpfs", /INSTALL is not allowed/],
      ["LOAD httpfs", /LOAD is not allowed/],
      ["SET enable_external_access = true", /SET is not allowed/],
      ["PRAGMA version", /PRAGMA is not allowed/],
      ["EXPORT DATABASE '/tmp/x'", /EXPORT is not allowed/],
      ["CREATE TABLE t AS SELECT 1", /CREATE is not allowed/],
      ["DELETE FROM sales", /DELETE is not allowed/],
      ["CALL pragma_version()", /CALL is not allowed/],
      ["SELECT 1; DROP TABLE sales", /one SQL statement/],
      ["SELECT 1; SELECT 2", /one SQL statement/],
      ["PIVOT sales ON region USING sum(units)", /one SQL statement|read queries/],
      ["WITH x AS (SELECT 1) INSERT INTO sales SELECT * FROM sales", /read queries|syntax/i],
      ["/* */ (ATTACH 'x')", /ATTACH is not allowed/],
    ];
    for (const [sql, message] of hostile) await refused(sql, message);
    // The server's home folder is not named in what the model sees.
    expect(await runSql("INSTALL httpfs", []).catch((e: Error) => e.message)).not.toMatch(/\/root|\/home/);
    expect(await runSql("SELECT * FROM duckdb_secrets()", []).catch((e: Error) => e.message)).toContain(
      '"~/.duckdb/…"',
    );
  });

  it("stops an endless recursive CTE, a huge cross join and a range(1e12) aggregate; bounds memory", async () => {
    // The default limit is 10 s; the mechanism is the same with 2 s.
    const quick = { ...defaultSqlLimits, timeMs: 2_000 };
    const times = {
      recursive: await refused(
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r",
        /longer than 2 s/,
        quick,
      ),
      crossJoin: await refused("SELECT count(*) FROM range(1000000) a, range(1000000) b", /longer than 2 s/, quick),
      range: await refused("SELECT sum(range) FROM range(1000000000000)", /longer than 2 s/, quick),
      memory: await refused("SELECT list(range) FROM range(1000000000)", /Out of Memory/),
    };
    console.log("[sql-sandbox] hostile timings (ms):", JSON.stringify(times));
    expect((await runSql("SELECT 6 * 7", [])).rows).toEqual([[42]]);
  }, 90_000);
});
