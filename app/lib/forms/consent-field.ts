import { z } from "zod";
import { CONSENT_WORDING, type MailList } from "../consent";

/**
 * The hidden field naming the consent wording the form showed: the record keeps the words the
 * visitor saw. A page from before a wording change is sent back to be read again.
 */
export const consentField = (list: MailList) =>
  z
    .string({ error: "This form changed: please reload the page and send it again" })
    .refine(
      (v) => v.startsWith(`${list}-`) && Object.hasOwn(CONSENT_WORDING, v),
      "This form changed: please reload the page and send it again",
    );
