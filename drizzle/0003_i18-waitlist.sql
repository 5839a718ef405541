CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`ref_id` integer,
	`to_address` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`headers` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`date` text NOT NULL,
	`email` text NOT NULL,
	`token` text NOT NULL,
	`ip_address` text,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_token_unique` ON `waitlist_entries` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_event_date_email_unique` ON `waitlist_entries` (`event_id`,`date`,`email`);--> statement-breakpoint
ALTER TABLE `contestant_applications` ADD `review_status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contestant_applications` ADD `review_notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `contestant_applications` ADD `selected_emailed_at` integer;--> statement-breakpoint
ALTER TABLE `contestant_applications` ADD `comedian_id` integer REFERENCES comedians(id);--> statement-breakpoint
ALTER TABLE `event_dates` ADD `sold_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `closes_at` integer;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `standings_mode` text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `revealed_steps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `reveal_every_seconds` integer;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `reveal_started_at` integer;