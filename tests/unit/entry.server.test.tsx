/**
 * The document render (app/entry.server.tsx): a page that has finished rendering keeps nothing
 * alive, and a render that never finishes is stopped. React's renderer is replaced by one whose
 * render finishes (or not) when the test says, so only the entry's own rules are under test.
 */
import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import handleRequest from "~/entry.server";

const render = vi.hoisted(() => ({ finishes: true, abort: vi.fn() }));
vi.mock("react-dom/server", () => ({
  renderToPipeableStream: (_element: unknown, options: { onAllReady: () => void }) => {
    if (render.finishes) queueMicrotask(() => options.onAllReady());
    return {
      pipe: (body: NodeJS.WritableStream) => body.end("<!DOCTYPE html><p>page</p>"),
      abort: render.abort,
    };
  },
}));

const renderPage = () =>
  handleRequest(
    new Request("http://localhost/contact"),
    200,
    new Headers(),
    {} as EntryContext,
    {
      cspNonce: "n",
    } as never,
  );

afterEach(() => {
  vi.useRealTimers();
  render.finishes = true;
  render.abort.mockClear();
});

describe("the document render", () => {
  it("a finished page leaves no timer behind: nothing of it is kept for the five-second abort", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const page = await renderPage();
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe("<!DOCTYPE html><p>page</p>");
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(render.abort).not.toHaveBeenCalled();
  });

  it("a render that does not finish is stopped after five seconds", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render.finishes = false;
    void renderPage();
    vi.advanceTimersByTime(4_999);
    expect(render.abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render.abort).toHaveBeenCalledTimes(1);
  });
});
