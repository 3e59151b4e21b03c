import { hasEdgarData } from "../helpers/fake-edgar.ts";
import { expect, PASSWORD, screenshot, signUp, test, uniqueEmail } from "./support/fixtures.ts";

// SEC EDGAR answered by the local fake from the SEC's recorded responses.
test.use({ edgar: true });
// The fake SEC serves recorded responses from SHARED_DATA_DIR/edgar, which is not in the repo (the
// shared data is never copied in): without it there is nothing to serve. CI has it and runs these.
test.skip(!hasEdgarData, "needs SHARED_DATA_DIR/edgar");

for (const [width, height] of [
  [1440, 900],
  [375, 812],
] as const) {
  test(`Add from → SEC EDGAR at ${width} px: find a company, pick a 10-K, import it into the Pod`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/signup");
    await signUp(page, uniqueEmail(`edgar-${width}`), PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByLabel("Workspace name").fill("Oilfield services");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page).toHaveURL(/\/workspace\/[^/]+$/);

    await page.getByRole("button", { name: "Add from" }).click();
    await page
      .getByRole("list", { name: "Add from" })
      .getByRole("button", { name: /^SEC EDGAR/ })
      .click();
    await expect(page.getByRole("region", { name: "Add from SEC EDGAR" })).toBeVisible();
    // By ticker: the SEC's ticker map.
    await page.getByLabel("Company or ticker").fill("nvda");
    await page.getByRole("button", { name: "Search" }).click();
    const companies = page.getByRole("list", { name: "Companies" });
    await expect(companies.getByRole("button").first()).toContainText("NVIDIA CORP");

    // By CIK: CARBO Ceramics is delisted, so it has no ticker.
    await page.getByLabel("Company or ticker").fill("1009672");
    await page.getByRole("button", { name: "Search" }).click();
    await companies.getByRole("button", { name: /CARBO CERAMICS INC/ }).click();

    const filings = page.getByRole("table", { name: "Filings" });
    await expect(filings.getByRole("row", { name: /10-K 2017-12-31 2018-03-08/ })).toBeVisible();
    await expect(page.getByLabel("Form")).toHaveValue("10-K");
    await screenshot(page, `edgar-filings-${width}`);

    await filings
      .getByRole("row", { name: /10-K 2017-12-31 2018-03-08/ })
      .getByRole("checkbox")
      .check();
    await page.getByRole("button", { name: "Import 1 filing" }).click();
    await expect(filings.getByRole("status")).toHaveText("Added as CARBO CERAMICS INC 10-K 2017-12-31.htm", {
      timeout: 15_000,
    });

    const list = page.getByRole("list", { name: "Workspace files" });
    const row = list.getByRole("listitem", { name: "CARBO CERAMICS INC 10-K 2017-12-31.htm" });
    await expect(row).toBeVisible();
    await expect(row.getByLabel("SEC filing")).toContainText(
      "SEC 10-K · CARBO CERAMICS INC (CIK 1009672) · period 2017-12-31 · filed 2018-03-08",
    );
    await expect(row.getByRole("link", { name: "on EDGAR" })).toHaveAttribute(
      "href",
      "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm",
    );
    await screenshot(page, `edgar-imported-${width}`);
    expect(app.edgar!.unexpected).toEqual([]);
  });
}
