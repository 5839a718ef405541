import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "./env.server";

export const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * A long-lived, signed, httpOnly device cookie (SameSite=Lax, Secure in production, a year
 * long, signed with SESSION_SECRET): the one helper behind the vote-device cookie and the
 * trusted-device cookie. Created on first use, so configuration is read after start-up.
 */
export function signedDeviceCookie(name: string): () => Cookie {
  let cookie: Cookie | undefined;
  return () => {
    const env = getEnv();
    cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.NODE_ENV === "production",
      maxAge: ONE_YEAR,
      secrets: [env.SESSION_SECRET],
    });
    return cookie;
  };
}
