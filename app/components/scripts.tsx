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

/**
 * Remix's `<Scripts/>` with its module preloads fetched at low priority.
 *
 * Remix preloads every chunk of the entry and of the matched routes (30-45 files on a public page)
 * with `<link rel="modulepreload">`, which Chrome fetches at High priority, ahead of the hero image
 * and in competition with the stylesheets; Lighthouse's simulated phone then counts each of them
 * as blocking the first paint. The page is fully rendered by the server, so the scripts only
 * enhance it: fetched at low priority they still load in parallel and hydrate as before, after
 * what the visitor sees. (The module imports in Remix's inline script reuse the preloaded modules.)
 */
export function LowPriorityScripts(props: ComponentProps<typeof Scripts>) {
  // Scripts is a function component whose hooks run here as this component's own, on every render.
  return lowerPreloads(Scripts(props));
}

type LinkProps = { rel?: string; children?: ReactNode };

function lowerPreloads(node: ReactNode): ReactNode {
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<LinkProps>;
  if (element.type === "link" && element.props.rel === "modulepreload")
    // React 18 passes the lower-case attribute through (React 19 spells it fetchPriority).
    return cloneElement(element, { fetchpriority: "low" } as LinkProps);
  if (element.type === Fragment)
    return <Fragment key={element.key}>{Children.map(element.props.children, lowerPreloads)}</Fragment>;
  return element;
}
