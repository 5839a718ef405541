import { redirect } from "@remix-run/node";
import { z } from "zod";
import { gateLogin, unlockAnswer } from "~/features/gates/gate-form.server";
import { getBookingSchedule } from "~/services/booking-sheet.server";
import { hasGate } from "~/utils/auth.server";
import { handleForm } from "~/utils/form-pipeline.server";
import { commitSession, getSession, redirectWithFlash } from "~/utils/session.server";

/** /booking's forms: the gate, and on the schedule "Refresh now" and "Log out". */
const bookingPostSchema = z.discriminatedUnion("intent", [
  gateLogin,
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("logout") }),
]);

/** POST /booking: unlock the schedule, refresh it from the sheet now, or lock it again. */
export async function handleBookingPost(request: Request, clientIp: string) {
  const form = await handleForm(request, { schema: bookingPostSchema });
  if (!form.ok) return form.response;
  switch (form.value.intent) {
    case "logout": {
      const session = await getSession(request);
      session.unset("bookingGate");
      return redirect("/booking", { headers: { "Set-Cookie": await commitSession(session) } });
    }
    case "refresh": {
      if (!(await hasGate(request, "bookingGate")))
        throw new Response("Enter the booking password first.", { status: 401 });
      const view = await getBookingSchedule({ force: true });
      return redirectWithFlash(
        request,
        "/booking",
        view.source === "sheet"
          ? { type: "success", message: "Booking schedule refreshed" }
          : { type: "error", message: view.notice ?? "Could not refresh the booking schedule" },
      );
    }
    default:
      return unlockAnswer(form, form.value.password, { request, gate: "booking", clientIp, to: "/booking" });
  }
}
