import fs from "node:fs";
const [base, ...paths] = process.argv.slice(2);
const { default: lighthouse } = await import("lighthouse");
const chromeLauncher = await import("chrome-launcher");
for (const p of paths) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  try {
    const run = await lighthouse(base + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = run!.lhr;
    fs.writeFileSync(`/tmp/j16/lhr-${p.replace(/\W+/g, "_")}.json`, JSON.stringify(lhr));
    const a = lhr.audits;
    const num = (k: string) => Math.round(a[k]?.numericValue ?? -1);
    console.log(`\n== ${p} perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} runtimeError ${JSON.stringify(lhr.runtimeError ?? null)} warnings ${JSON.stringify(lhr.runWarnings)}`);
    console.log(`FCP ${num("first-contentful-paint")} LCP ${num("largest-contentful-paint")} SI ${num("speed-index")} TBT ${num("total-blocking-time")} CLS ${a["cumulative-layout-shift"]?.numericValue} TTFB ${num("server-response-time")}`);
    const el = a["largest-contentful-paint-element"]?.details as any;
    if (el) for (const t of el.items ?? []) console.log(" lcp:", JSON.stringify(t.items?.map((i: any) => i.node?.snippet ?? `${i.phase} ${Math.round(i.timing)}`)));
    const ins = a["lcp-breakdown-insight"]?.details as any;
    if (ins) console.log(" breakdown insight:", JSON.stringify(ins.items?.map((i:any)=>i.items ?? i).flat().map((i:any)=>[i.subpart ?? i.label ?? i.phase, Math.round(i.duration ?? i.timing ?? 0)])).slice(0,400));
    for (const k of ["render-blocking-insight", "render-blocking-resources", "unused-css-rules", "unused-javascript", "lcp-discovery-insight", "prioritize-lcp-image", "network-dependency-tree-insight", "font-display-insight", "image-delivery-insight", "uses-responsive-images", "modern-image-formats", "document-latency-insight"]) {
      const au = a[k];
      if (!au) continue;
      const d = au.details as any;
      console.log(` ${k}: score ${au.score} ${au.displayValue ?? ""} ${JSON.stringify((Array.isArray(d?.items) ? d.items : []).slice(0, 6).map((i: any) => i.url ? [i.url.replace(base, ""), i.totalBytes ?? i.wastedBytes, i.wastedMs] : i)).slice(0, 600)}`);
    }
    const reqs = ((a["network-requests"]?.details as any)?.items ?? []).map((r: any) => `${r.url.replace(base, "").slice(0, 70)} ${r.resourceType} ${r.transferSize}B prio=${r.priority} ${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)}`);
    console.log(" requests:\n  " + reqs.join("\n  "));
  } finally {
    await chrome.kill();
  }
}
