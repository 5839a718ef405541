import { json, redirect } from "@remix-run/node";
import { addDaysIso, formatLongDate, todayIn } from "~/lib/dates";
import { roomSeats } from "~/lib/room-budgets";
import type { TicketCheck } from "~/lib/ticket-votes";
import { upcomingShows } from "~/lib/upcoming";
import { openRoundSchema, parseShowDate, shortlistRoundSchema } from "~/lib/vote-schema";
import { formatInZone, zonedInstant } from "~/lib/zoned-time";
import { openRoundFromShortlist } from "~/models/application-review.server";
import { getShow, listShows } from "~/models/events.server";
import { openRound, openRounds, roundShowName, roundVoteCount } from "~/models/rounds.server";
import type { StaffIdentity } from "~/models/staff.server";
import { getEnv } from "~/utils/env.server";
import { handleForm, refusal, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

/**
 * Issue 37: the one handler behind "Open Round" on /admin/rounds and "Open a voting round with
 * the shortlisted" on the application review. A round is a room's ballot, so opening one never
 * changes another room's: phones reach their own round by its QR code, room code or link. When
 * other rooms are voting, the first post answers with a confirmation step naming them (a page
 * rendered by the server, the same with and without JavaScript); its "Open this round too"
 * posts the same values again with `confirm=yes`. A round can also be scheduled to open later.
 */
export type RoundSource = { kind: "chosen" } | { kind: "shortlist"; eventId: number };

/** Another room voting now, as the confirmation step names it. */
export type VotingRoom = {
  id: number;
  name: string;
  venue: string | null;
  date: string | null;
  votes: number;
};

export type OpenRoundConfirm = {
  confirm: {
    rooms: VotingRoom[];
    /** The post to send again (every field but `confirm`). */
    fields: [string, string][];
    title: string;
  };
};

/** A late opening time must still be ahead (a minute's grace for the time taken to post). */
const PAST_GRACE_MS = 60_000;

export async function openRoundAction(
  request: Request,
  staff: StaffIdentity,
  source: RoundSource,
  back: string,
) {
  const schema = source.kind === "chosen" ? openRoundSchema : shortlistRoundSchema;
  const form = await handleForm(request, {
    schema,
    limits: STAFF_FORM_LIMITS,
    repeatable: ["comedianIds"],
    // Staff forms carry no honeypot: a filled one is a form from elsewhere.
    honeypot: () => redirect(back),
  });
  if (!form.ok) return form.response;
  const value = form.value as {
    opensAt?: string;
    roomSeats?: number;
    ticketCheck?: TicketCheck;
    confirm?: "yes";
  } & Partial<{
    show: string;
    title: string;
    comedianIds: number[];
  }>;
  const zone = getEnv().APP_TIMEZONE;
  const now = new Date();
  const opensAt = value.opensAt
    ? zonedInstant(value.opensAt.slice(0, 10), value.opensAt.slice(11), zone)
    : now;
  if (opensAt.getTime() < now.getTime() - PAST_GRACE_MS) {
    return refusal(
      400,
      form.reply({ formErrors: ["That opening time has passed: leave it empty to open the round now."] }),
    );
  }
  const show = value.show ? parseShowDate(value.show) : null;
  const event = show ? getShow(show.eventId) : null;
  if (show && !event) return refusal(400, form.reply({ formErrors: ["That show no longer exists."] }));

  const opensNow = opensAt.getTime() <= now.getTime();
  const others = opensNow ? openRounds() : [];
  if (others.length > 0 && value.confirm !== "yes") {
    const title =
      source.kind === "chosen"
        ? `${value.title} (${event!.title}, ${formatLongDate(show!.date)})`
        : "the shortlisted contestants' round";
    return json<OpenRoundConfirm>({
      confirm: {
        rooms: others.map((r) => ({
          id: r.id,
          name: roundShowName(r),
          venue: r.show?.venue || null,
          date: r.show?.date ? formatLongDate(r.show.date) : null,
          votes: roundVoteCount(r.id),
        })),
        fields: [...form.formData.entries()]
          .filter(([name]) => name !== "confirm")
          .map(([name, v]) => [name, String(v)]),
        title,
      },
    });
  }

  const seats = value.roomSeats ? roomSeats(value.roomSeats) : null;
  let title: string;
  if (source.kind === "shortlist") {
    const result = openRoundFromShortlist(source.eventId, staff, {
      opensAt,
      roomSeats: seats,
      ticketCheck: value.ticketCheck ?? "off",
    });
    if ("error" in result) return redirectWithFlash(request, back, { type: "error", message: result.error });
    title = result.title;
  } else {
    try {
      title = openRound(
        {
          title: value.title!,
          eventId: show!.eventId,
          eventDate: show!.date,
          comedianIds: value.comedianIds!,
          opensAt,
          roomSeats: seats,
          ticketCheck: value.ticketCheck ?? "off",
        },
        staff,
      ).title;
    } catch (error) {
      if (!(error instanceof Error) || !/at least one comedian/.test(error.message)) throw error;
      return refusal(400, form.reply({ formErrors: [error.message] }));
    }
  }
  return redirectWithFlash(request, back, {
    type: "success",
    message: opensNow
      ? `Opened round: ${title}`
      : `Round ${title} opens at ${formatInZone(opensAt, "h:mm a 'on' MMM d", zone)}`,
  });
}

/** How far ahead the show picker of /admin/rounds reaches, and how many dates it lists at most. */
const CHOICE_DAYS = 90;
const MAX_CHOICES = 300;

/**
 * The show picker of /admin/rounds: every date of every show from today on (a recurring show
 * once per date), soonest first, with the show's line-up (ticked when it is picked).
 */
export function roundShowChoices(now = new Date()) {
  const today = todayIn(getEnv().APP_TIMEZONE, now);
  const until = addDaysIso(today, CHOICE_DAYS);
  const choices = upcomingShows(listShows({ from: today, to: until }), today).flatMap(({ show, upcoming }) =>
    upcoming
      .filter((p) => p.date <= until)
      .map((p) => ({
        value: `${show.id}:${p.date}`,
        date: p.date,
        time: p.time,
        label: `${formatLongDate(p.date)} · ${show.title}${show.venue ? ` · ${show.venue}` : ""}`,
        lineup: (show.lineup ?? []).map((l) => l.comedianId),
      })),
  );
  return choices
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time))
    .slice(0, MAX_CHOICES);
}
