/** A stored price as shown: "$25" stays, a bare number gets "$", empty or "TBA" is null. */
function normalPrice(price: string | null | undefined): string | null {
  const p = (price ?? "").trim();
  if (!p || /^tba$/i.test(p)) return null;
  return /^\d+(\.\d{1,2})?$/.test(p) ? `$${p}` : p;
}

/** A free show is "Free" everywhere: never "From Free" or "Starting at Free". */
const isFree = (p: string) => /^free\b/i.test(p.trim());

/** Cards: "From $25" (the minimum of a price range), "Free", or "TBA" when there is no price. */
export function cardPriceText(price: string | null | undefined): string {
  const p = normalPrice(price);
  if (p && isFree(p)) return "Free";
  return p ? `From ${p}` : "TBA";
}

/** Event page: "Starting at $25", "Free", or "TBA". */
export function detailPriceText(price: string | null | undefined): string {
  const p = normalPrice(price);
  if (p && isFree(p)) return "Free";
  return p ? `Starting at ${p}` : "TBA";
}

/** A price in dollars from free text ("$25", "25.50 CAD", "Free"); null when there is none (TBA). */
export function priceAmount(price: string | null | undefined): string | null {
  if (!price) return null;
  if (/\bfree\b/i.test(price)) return "0";
  const m = /(\d+(?:\.\d{1,2})?)/.exec(price.replace(/,/g, ""));
  return m ? m[1] : null;
}
