import { Scripts } from "@remix-run/react";
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { inlineScriptJson } from "~/lib/inline-script-json";

type ScriptsProps = ComponentProps<typeof Scripts> & {
  /** Fetch the page's scripts only once it is loaded and painted (the public pages). */
  afterFirstPaint?: boolean;
};

/** The id of Remix's module script held back until after the first paint. */
export const HELD_MODULES_ID = "remix-modules";
const HELD_TYPE = "text/x-remix-after-paint";

/**
 * Remix's `<Scripts/>`, fetched where they cannot delay what the visitor sees.
 *
 * Remix preloads every chunk of the entry and of the matched routes (30-45 files on a public page)
 * with `<link rel="modulepreload">`, which Chrome fetches at High priority, ahead of the hero image
 * and in competition with the stylesheets. Every page is fully rendered by the server, so the
 * scripts only enhance it:
 * - on every page the preloads are fetched at low priority;
 * - with `afterFirstPaint` (the public pages and the vote room, where a phone's first paint and hero image are what
 *   count, issue 16) nothing of them is fetched before the page has loaded and painted: the
 *   preloads and Remix's inline module script (which imports the entry and the matched routes)
 *   are held back in the HTML and started by a small inline script once the page has loaded
 *   and its first paint is on the screen. Until then every link and form works as it does with
 *   JavaScript off.
 */
export function PageScripts({ afterFirstPaint = false, ...props }: ScriptsProps) {
  // Scripts is a function component whose hooks run here as this component's own, on every render.
  const tree = Scripts(props);
  if (!afterFirstPaint) return lowerPreloads(tree);
  const preloads: string[] = [];
  return (
    <>
      {holdBack(tree, preloads)}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          // Only our own function and the build's addresses, as JSON with `<` escaped, so no value
          // can close the script element.
          __html: `(${startAfterPaint.toString()})(${inlineScriptJson(HELD_MODULES_ID)},${inlineScriptJson(preloads)})`,
        }}
      />
    </>
  );
}

type ElementProps = { rel?: string; type?: string; href?: string; children?: ReactNode };

function mapTree(node: ReactNode, map: (element: ReactElement<ElementProps>) => ReactNode): ReactNode {
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<ElementProps>;
  if (element.type === Fragment)
    return (
      <Fragment key={element.key}>
        {Children.map(element.props.children, (child) => mapTree(child, map))}
      </Fragment>
    );
  return map(element);
}

function lowerPreloads(tree: ReactNode): ReactNode {
  return mapTree(tree, (element) =>
    element.type === "link" && element.props.rel === "modulepreload"
      ? // React 18 passes the lower-case attribute through (React 19 spells it fetchPriority).
        cloneElement(element, { fetchpriority: "low" } as ElementProps)
      : element,
  );
}

/** The tree without its preloads (their addresses go to `preloads`) and with its module script inert. */
function holdBack(tree: ReactNode, preloads: string[]): ReactNode {
  return mapTree(tree, (element) => {
    if (element.type === "link" && element.props.rel === "modulepreload") {
      if (element.props.href && !preloads.includes(element.props.href)) preloads.push(element.props.href);
      return null;
    }
    if (element.type === "script" && element.props.type === "module")
      return cloneElement(element, { type: HELD_TYPE, id: HELD_MODULES_ID } as ElementProps);
    return element;
  });
}

/**
 * Runs in the browser as an inline script (serialized with `toString`, so it stays self-contained):
 * on `load` and after the first paint, adds the module preloads and then a live copy of the held
 * module script, which imports the entry and hydrates the page. The preloads go in a few at a
 * time, one task each: every request the browser starts costs main-thread time (0.5-3 ms, more
 * with DevTools open), and 25-45 of them in one task blocked a phone's main thread for 100 ms
 * and more (issue 16).
 */
function startAfterPaint(id: string, preloads: string[]) {
  const PRELOADS_PER_TASK = 2;
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  function start() {
    const held = document.getElementById(id);
    if (!held || held.getAttribute("data-started")) return;
    held.setAttribute("data-started", "");
    preload(0, function () {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = held.textContent;
      document.body.appendChild(script);
    });
  }
  function preload(from: number, then: () => void) {
    for (let i = from; i < Math.min(from + PRELOADS_PER_TASK, preloads.length); i++) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    setTimeout(
      from + PRELOADS_PER_TASK < preloads.length ? () => preload(from + PRELOADS_PER_TASK, then) : then,
      0,
    );
  }
  // After the first contentful paint as shown on the screen: the page's frame is rendered before
  // it is shown, and `load` often comes before both, so a frame callback alone let the first
  // requests start ahead of the paint. Browsers without paint timing wait for the next frame; a
  // page that paints nothing, or a hidden tab, starts after a few seconds.
  function afterPaint() {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      setTimeout(start, 0);
    };
    if (
      typeof PerformanceObserver === "function" &&
      PerformanceObserver.supportedEntryTypes?.includes("paint")
    ) {
      if (performance.getEntriesByName("first-contentful-paint").length) return go();
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        go();
      });
      observer.observe({ type: "paint", buffered: true });
      setTimeout(go, 3000);
      return;
    }
    requestAnimationFrame(() => setTimeout(go, 0));
  }
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}
