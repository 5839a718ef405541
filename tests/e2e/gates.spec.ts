import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";

/**
 * /booking and /results share one gate page (components/gate-page.tsx): the same panel,
 * heading style, field, error placement and button, each with its own words from the spec
 * (staff-side.md: "Access Schedule", "View Results"; "Incorrect password. Please try again.").
 */
const GATES = [
  { path: "/booking", heading: "Booking Schedule", button: "Access Schedule" },
  { path: "/results", heading: "Voting results", button: "View Results" },
] as const;

/** What a visitor sees of a gate after a refused password, measured in the page. */
async function gateLook(page: Page, heading: string, button: string) {
  const h1 = page.getByRole("heading", { level: 1, name: heading });
  const field = page.getByLabel("Password", { exact: true });
  const submit = page.getByRole("button", { name: button });
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  const [hBox, fBox, aBox, bBox] = await Promise.all([h1, field, alert, submit].map((l) => l.boundingBox()));
  const style = (l: typeof h1, props: string[]) =>
    l.evaluate((el, names) => names.map((n) => getComputedStyle(el).getPropertyValue(n)).join(" | "), props);
  return {
    order: hBox!.y < fBox!.y && fBox!.y + fBox!.height <= aBox!.y && aBox!.y + aBox!.height <= bBox!.y,
    // The field's message is tied to it for screen readers.
    describedBy: await field.getAttribute("aria-describedby"),
    alertId: await alert.getAttribute("id"),
    panelWidth: Math.round((await page.locator(".gate").boundingBox())!.width),
    fieldHeight: Math.round(fBox!.height),
    buttonHeight: Math.round(bBox!.height),
    buttonWidth: Math.round(bBox!.width),
    heading: await style(h1, ["font-family", "font-size", "font-weight"]),
    label: await style(page.locator(`label[for="${await field.getAttribute("id")}"]`), [
      "font-size",
      "font-weight",
    ]),
    alertStyle: await style(alert, ["font-size", "font-weight"]),
    toggle: await page.getByRole("button", { name: "Show password" }).count(),
  };
}

for (const width of [360, 1366]) {
  test(`the booking and results gates look the same at ${width} px, with the error under the field`, async ({
    page,
    javaScriptOn,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const looks = [];
    for (const gate of GATES) {
      await page.goto(gate.path);
      await page.getByLabel("Password", { exact: true }).fill(`not-the-password-${width}`);
      await page.getByRole("button", { name: gate.button }).click();
      // A wrong password, or (after many test runs from one address) the budget's refusal: the same place either way.
      await expect(page.getByRole("alert")).toHaveText(
        /Incorrect password\. Please try again\.|Too many attempts/,
      );
      const look = await gateLook(page, gate.heading, gate.button);
      expect(look.order, `${gate.path}: heading, field, error, button from top to bottom`).toBe(true);
      expect(look.describedBy).toBe(look.alertId);
      expect(look.buttonHeight).toBeGreaterThanOrEqual(44);
      expect(look.toggle, "show/hide toggle with JavaScript").toBe(javaScriptOn ? 1 : 0);
      expect(
        await page.evaluate(layoutProblems, { phone: width < 600, firstScreenShow: false, projector: false }),
      ).toEqual([]);
      looks.push({ ...look, describedBy: undefined, alertId: undefined });
    }
    expect(looks[1]).toEqual(looks[0]);
  });
}
