/**
 * The key one voter's e-mail is counted under, so that variants of one mailbox count once.
 *
 * - trim, Unicode NFKC (full-width and compatibility forms fold to plain letters), lower-case;
 * - zero-width characters, the BOM, soft hyphens, bidi marks and every control character
 *   (C0 including NUL, DEL, C1) are removed wherever they are;
 * - the domain loses trailing dots (`example.com.` is `example.com`);
 * - gmail.com and googlemail.com are one provider that ignores dots and `+tags` in the
 *   local part, so `a.b+x@googlemail.com` is `ab@gmail.com`;
 * - a quoted local part is the same mailbox as its unquoted form (RFC 5321 4.1.2: the quotes
 *   and backslash escapes are syntax), so `"a.b"@x.com` and `"a\.b"@x.com` are `a.b@x.com`; one
 *   that needs its quotes (a space, a second @) keeps them, with only `"` and `\` escaped.
 *
 * Other providers' local parts are kept as typed (apart from case): for most of them
 * `a.b` and `ab` are different mailboxes, and `+tag` handling varies.
 * The typed address is still what is stored and shown; this key only decides "same voter".
 */
import { decodePunycode } from "./punycode";

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
  let local = unquoteLocalPart(cleaned.slice(0, at).trim());
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

/** RFC 5322 atext: what a local part may hold without quotes (dots between atoms). */
const DOT_ATOM = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** `"a.b"` is `a.b`; `"a\.b"` is `a.b`; `"a b"` stays quoted (escapes only where needed). */
export function unquoteLocalPart(local: string): string {
  if (local.length < 2 || !local.startsWith('"') || !local.endsWith('"')) return local;
  const content = local.slice(1, -1).replace(/\\(.)/g, "$1");
  return DOT_ATOM.test(content) ? content : `"${content.replace(/["\\]/g, "\\$&")}"`;
}

/**
 * Scripts a domain label may mix (Unicode UTS #39 "highly restrictive": Latin with the
 * Japanese, Chinese or Korean scripts that are written together); any other mix in one label,
 * such as Latin with Cyrillic in `gmаil.com`, is a look-alike of another domain.
 */
const SCRIPTS: [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hiragana", /\p{Script=Hiragana}/u],
  ["Katakana", /\p{Script=Katakana}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Bopomofo", /\p{Script=Bopomofo}/u],
];
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
const ALLOWED_MIXES = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

function scriptOf(char: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return `other:${char.codePointAt(0)}`;
}

/**
 * Whether one label of the address's domain mixes scripts (`gmаil.com` with a Cyrillic "а").
 * A label in punycode (`xn--gmil-63d`: what a browser's e-mail field sends for `gmаil`) is
 * judged as the text it stands for; one that does not decode is refused too.
 */
export function hasMixedScriptDomain(address: string): boolean {
  const cleaned = stripInvisible(address.normalize("NFKC")).trim().toLowerCase();
  const domain = cleaned.slice(cleaned.lastIndexOf("@") + 1);
  for (const typed of domain.split(".")) {
    let label = typed;
    if (label.startsWith("xn--")) {
      const decoded = decodePunycode(label.slice(4));
      if (decoded === null) return true;
      label = decoded;
    }
    if (/^[\x00-\x7f]*$/.test(label)) continue;
    const scripts = new Set<string>();
    for (const char of label) if (!ANY_SCRIPT.test(char)) scripts.add(scriptOf(char));
    if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s))))
      return true;
  }
  return false;
}
