/** A stored price as shown: "$25" stays, a bare number gets "$", empty or "TBA" is null. */
function normalPrice(price: string | null | undefined): string | null {
  const p = (price ?? "").trim();
  if (!p || /^tba$/i.test(p)) return null;
  return /^\d+(\.\d{1,2})?$/.test(p) ? `$${p}` : p;
}

/** Cards: "From $25", or "TBA" when there is no price. */
export function cardPriceText(price: string | null | undefined): string {
  const p = normalPrice(price);
  return p ? `From ${p}` : "TBA";
}

/** Event page: "Starting at $25", or "TBA". */
export function detailPriceText(price: string | null | undefined): string {
  const p = normalPrice(price);
  return p ? `Starting at ${p}` : "TBA";
}

/** A price in dollars from free text ("$25", "25.50 CAD", "Free"); null when there is none (TBA). */
export function priceAmount(price: string | null | undefined): string | null {
  if (!price) return null;
  if (/\bfree\b/i.test(price)) return "0";
  const m = /(\d+(?:\.\d{1,2})?)/.exec(price.replace(/,/g, ""));
  return m ? m[1] : null;
}
