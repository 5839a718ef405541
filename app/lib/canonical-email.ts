/**
 * The key one voter's e-mail is counted under, so that variants of one mailbox count once.
 *
 * - trim, Unicode NFKC (full-width and compatibility forms fold to plain letters), lower-case;
 * - zero-width characters, the BOM, soft hyphens, bidi marks and every control character
 *   (C0 including NUL, DEL, C1) are removed wherever they are;
 * - the domain loses trailing dots (`example.com.` is `example.com`);
 * - gmail.com and googlemail.com are one provider that ignores dots and `+tags` in the
 *   local part, so `a.b+x@googlemail.com` is `ab@gmail.com`.
 *
 * Other providers' local parts are kept as typed (apart from case): for most of them
 * `a.b` and `ab` are different mailboxes, and `+tag` handling varies.
 * The typed address is still what is stored and shown; this key only decides "same voter".
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- lone combining/format characters are what it removes
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]/gu;

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

export function canonicalEmail(typed: string): string {
  // NFKC first (it can produce new characters), then strip, then case-fold, then NFKC again
  // because lower-casing can leave a non-normalised sequence.
  const cleaned = stripInvisible(typed.normalize("NFKC")).trim().toLowerCase().normalize("NFKC");
  const at = cleaned.lastIndexOf("@");
  if (at < 0) return cleaned;
  let local = cleaned.slice(0, at).trim();
  let domain = cleaned
    .slice(at + 1)
    .trim()
    .replace(/\.+$/, "");
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.split("+")[0].replace(/\./g, "");
  }
  return `${local}@${domain}`;
}
