CREATE TABLE `mail_recipients` (
	`email_key` text PRIMARY KEY NOT NULL,
	`confirmations_day` text,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`last_notice_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_newsletter_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`token` text NOT NULL,
	`source` text DEFAULT '/merch' NOT NULL,
	`consent_version` text NOT NULL,
	`ip_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer
);
--> statement-breakpoint
-- Hand-written (issue 39): sign-ups from before consent records and double opt-in keep their place,
-- marked as such (consent_version), confirmed as of their sign-up; each gets its own token.
INSERT INTO `__new_newsletter_signups`("id", "email", "email_key", "token", "source", "consent_version", "ip_hash", "created_at", "confirmed_at", "unsubscribed_at") SELECT "id", "email", "email", lower(hex(randomblob(16))), CASE WHEN "source" = 'merch' THEN '/merch' ELSE "source" END, 'before-consent-records', NULL, "created_at", "created_at", NULL FROM `newsletter_signups`;--> statement-breakpoint
DROP TABLE `newsletter_signups`;--> statement-breakpoint
ALTER TABLE `__new_newsletter_signups` RENAME TO `newsletter_signups`;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_email_key_unique` ON `newsletter_signups` (`email_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_token_unique` ON `newsletter_signups` (`token`);--> statement-breakpoint
CREATE TABLE `__new_waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`date` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`token` text NOT NULL,
	`ip_hash` text,
	`consent_version` text NOT NULL,
	`source` text NOT NULL,
	`confirmed_at` integer,
	`notified_at` integer,
	`notice_pending` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written (issue 39): the same for waiting addresses; the raw IP address is not carried over.
INSERT INTO `__new_waitlist_entries`("id", "event_id", "date", "email", "email_key", "token", "ip_hash", "consent_version", "source", "confirmed_at", "notified_at", "notice_pending", "created_at") SELECT "id", "event_id", "date", "email", "email", "token", NULL, 'before-consent-records', '/event/' || "event_id", "created_at", "notified_at", 0, "created_at" FROM `waitlist_entries`;--> statement-breakpoint
DROP TABLE `waitlist_entries`;--> statement-breakpoint
ALTER TABLE `__new_waitlist_entries` RENAME TO `waitlist_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_token_unique` ON `waitlist_entries` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_event_date_email_key_unique` ON `waitlist_entries` (`event_id`,`date`,`email_key`);
