import { z } from "zod";

/** The shared-password gates (/booking for door staff, /results for the host): the password. */
export const gateSchema = z.object({
  password: z.string({ error: "Please enter the password" }).min(1),
});
