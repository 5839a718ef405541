import type { ContactInput } from "./forms/contact";
import type { ContestantApplicationInput } from "./forms/contestant-application";

/** The e-mails the promoter receives about stored submissions (plain text). */
export function contactNotification(input: ContactInput) {
  return {
    subject: `Contact form: ${input.subject}`,
    replyTo: input.email,
    text: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}\n`,
  };
}

export function applicationNotification(showTitle: string, input: ContestantApplicationInput) {
  const yesNo = (v: string | undefined) => (v === undefined ? "no answer" : v);
  return {
    subject: `Contestant application: ${showTitle}`,
    replyTo: input.from_email,
    text: [
      `Show: ${showTitle}`,
      `Full name: ${input.from_name}`,
      `Email: ${input.from_email}`,
      `Mobile: ${input.mobile_number}`,
      `Meets the minimum age: ${input.is_over_19 ? "yes" : "no"}`,
      `Can attend: ${input.can_attend}`,
      `Will attend if not selected: ${yesNo(input.will_attend_if_not_selected)}`,
      `Fun bio: ${input.fun_bio ?? ""}`,
      "",
    ].join("\n"),
  };
}
