/**
 * What JavaScript adds to a page that works without it (issue 42, item 9). Every behaviour is
 * bound once, on the document, to markup the server renders (data attributes), so it works
 * whoever drew the page: the show, comedian and venue pages load no Remix runtime at all and
 * get this function as one inline script (root.tsx; 2 KB instead of 100 KB and 40 requests);
 * the hydrated pages call it once after hydration, and their React components carry no second
 * copy of these behaviours.
 *
 * It is serialised with `toString()` for the inline script, so it must stay self-contained:
 * no imports, no module-level names, only browser globals and its own locals.
 *
 * - the header hides after scrolling down more than 10 px and shows near the top or on
 *   scrolling up (the spec's rule); `[data-sticky-after="200"]` gets `data-scrolled` past 200 px;
 * - `a[data-checkout="DIALOG-ID"]` opens the embedded checkout dialog (HTTPS only; the dialog's
 *   data-* attributes carry the platform's event id and the messages);
 * - `a[data-history-back]` goes back when there is somewhere to go back to;
 * - `select[data-autosubmit]` submits its form on change;
 * - an `img[data-fallback]` that fails to load shows the stock image instead;
 * - `textarea[data-counter="ID"]` keeps `#ID` reading "n/max characters";
 * - `button[data-pending]` reads its pending text once its form is on its way;
 * - an open `details[data-menu]` closes on a click elsewhere or Escape;
 * - `<html data-enhanced>` lets CSS hide what only the script-less page needs.
 */
export function enhancePage() {
  const win = window as Window & { laughEnhanced?: boolean };
  if (win.laughEnhanced) return;
  win.laughEnhanced = true;
  const doc = document;
  doc.documentElement.setAttribute("data-enhanced", "");
  const current = doc.currentScript as HTMLScriptElement | null;
  const nonce =
    current?.nonce || (doc.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce || "";

  // The header and the sticky ticket bar follow the scroll position.
  const STEP = 10;
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const header = doc.querySelector(".site-header");
    if (header) {
      if (y <= STEP || y < last) header.removeAttribute("data-hidden");
      else if (y > last + STEP) header.setAttribute("data-hidden", "true");
    }
    if (Math.abs(y - last) > STEP || y < last) last = y;
    doc.querySelectorAll("[data-sticky-after]").forEach((bar) => {
      bar.setAttribute("data-scrolled", String(y > Number(bar.getAttribute("data-sticky-after"))));
    });
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  onScroll();

  // The embedded checkout: the platform's widget script is loaded once, only when asked for.
  let widgets: Promise<void> | null = null;
  const loadWidgets = (src: string) =>
    (widgets ??= new Promise<void>((resolve, reject) => {
      const script = doc.createElement("script");
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => resolve();
      script.onerror = () => {
        widgets = null;
        script.remove();
        reject(new Error("load failed"));
      };
      doc.head.appendChild(script);
    }));
  const openCheckout = (dialog: HTMLDialogElement) => {
    if (!dialog.open) dialog.showModal();
    if (dialog.hasAttribute("data-started")) return;
    dialog.setAttribute("data-started", "");
    const data = dialog.dataset;
    const status = dialog.querySelector<HTMLElement>("[data-checkout-status]");
    const frame = dialog.querySelector<HTMLElement>("[data-checkout-frame]");
    const say = (text: string, alert: boolean) => {
      if (!status) return;
      status.textContent = text;
      status.setAttribute("role", alert ? "alert" : "status");
      status.className = alert ? "form-error" : "muted";
      if (alert && frame) frame.style.minHeight = "0";
    };
    if (window.location.protocol !== "https:") return say(data.errorHttps ?? "", true);
    say(data.loading ?? "", false);
    loadWidgets(data.script ?? "")
      .then(() => {
        const eb = (window as Window & { EBWidgets?: { createWidget: (o: object) => void } }).EBWidgets;
        if (!eb || !frame) return say(data.errorMissing ?? "", true);
        eb.createWidget({
          widgetType: "checkout",
          eventId: data.eventId,
          iframeContainerId: frame.id,
          iframeContainerHeight: Number(data.height),
          onOrderComplete: () => dialog.close(),
        });
        if (status) status.textContent = "";
      })
      .catch(() => say(data.errorFailed ?? "", true));
  };

  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    doc.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((menu) => {
      if (!menu.contains(target)) menu.open = false;
    });
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const checkout = target.closest("a[data-checkout]");
    const dialog = checkout && doc.getElementById(checkout.getAttribute("data-checkout") ?? "");
    if (dialog instanceof HTMLDialogElement) {
      event.preventDefault();
      openCheckout(dialog);
      return;
    }
    if (target.closest("a[data-history-back]") && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    doc.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((menu) => {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    });
  });

  doc.addEventListener("change", (event) => {
    const select = event.target instanceof HTMLSelectElement ? event.target : null;
    if (select?.hasAttribute("data-autosubmit")) select.form?.requestSubmit();
  });

  // Character counters: the counter's own text node is updated, so a React render of the same
  // element (a hydrated page) keeps pointing at the node it made.
  const count = (field: HTMLTextAreaElement) => {
    const out = doc.getElementById(field.getAttribute("data-counter") ?? "");
    if (!out) return;
    const text = `${field.value.length}/${field.maxLength} characters`;
    if (out.firstChild && out.firstChild === out.lastChild) out.firstChild.nodeValue = text;
    else out.textContent = text;
    out.setAttribute("data-full", String(field.value.length >= field.maxLength));
  };
  doc.addEventListener("input", (event) => {
    if (event.target instanceof HTMLTextAreaElement && event.target.hasAttribute("data-counter"))
      count(event.target);
  });
  doc.querySelectorAll<HTMLTextAreaElement>("textarea[data-counter]").forEach(count);

  // A plain form on its way (a hydrated page's forms prevent the default and show their own state).
  doc.addEventListener("submit", (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || event.defaultPrevented) return;
    form.querySelectorAll<HTMLButtonElement>("button[data-pending]").forEach((button) => {
      button.textContent = button.getAttribute("data-pending");
      button.setAttribute("aria-disabled", "true");
    });
  });

  // Images that fail show the stock image: those failing from now on, and those that failed
  // before this ran (probed again, since a failed image raises no event any more).
  const showFallback = (img: HTMLImageElement) => {
    const fallback = img.getAttribute("data-fallback");
    if (!fallback || img.hasAttribute("data-failed")) return;
    img.setAttribute("data-failed", "");
    img.parentElement?.querySelectorAll("source").forEach((source) => source.remove());
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    img.style.backgroundImage = "";
    img.src = fallback;
  };
  doc.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) showFallback(event.target);
    },
    true,
  );
  doc.querySelectorAll<HTMLImageElement>("img[data-fallback]").forEach((img) => {
    if (!img.complete || img.naturalWidth > 0) return;
    const probe = new Image();
    probe.onerror = () => showFallback(img);
    probe.src = img.currentSrc || img.src;
  });
}
