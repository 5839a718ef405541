CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_user_id` integer,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`badge` text,
	`description` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_unique` ON `collections` (`slug`);--> statement-breakpoint
CREATE TABLE `comedians` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`bio` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`submission_token` text,
	`ip_address` text,
	`emailed_at` integer,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_submission_token_unique` ON `contact_messages` (`submission_token`);--> statement-breakpoint
CREATE TABLE `contestant_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`mobile_number` text NOT NULL,
	`is_over_19` integer NOT NULL,
	`can_attend_event` integer NOT NULL,
	`will_attend_if_not_selected` integer,
	`fun_bio` text DEFAULT '' NOT NULL,
	`accepts_terms` integer NOT NULL,
	`submission_token` text,
	`ip_address` text,
	`emailed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contestant_applications_submission_token_unique` ON `contestant_applications` (`submission_token`);--> statement-breakpoint
CREATE INDEX `applications_event_idx` ON `contestant_applications` (`event_id`);--> statement-breakpoint
CREATE TABLE `event_dates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`date` text NOT NULL,
	`time` text,
	`ticket_url` text,
	`price` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_dates_event_idx` ON `event_dates` (`event_id`,`date`);--> statement-breakpoint
CREATE INDEX `event_dates_date_idx` ON `event_dates` (`date`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`external_id` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`summary` text,
	`details` text,
	`date` text NOT NULL,
	`time` text DEFAULT '19:00' NOT NULL,
	`end_time` text,
	`venue` text DEFAULT 'TBA' NOT NULL,
	`image_url` text,
	`ticket_url` text,
	`price` text,
	`sold_out` integer DEFAULT false NOT NULL,
	`archived_at` integer,
	`collection_id` integer,
	`entry_form_url` text,
	`parent_event_id` integer,
	`has_seating_map` integer DEFAULT false NOT NULL,
	`seating_map_url` text,
	`accepts_applications` integer DEFAULT false NOT NULL,
	`applications_close_at` integer,
	`contestants_notified_on` text,
	`application_minimum_age` integer DEFAULT 19 NOT NULL,
	`last_synced_at` integer,
	`staff_edited_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_external_id_unique` ON `events` (`external_id`);--> statement-breakpoint
CREATE INDEX `events_active_date_idx` ON `events` (`archived_at`,`date`);--> statement-breakpoint
CREATE INDEX `events_collection_idx` ON `events` (`collection_id`);--> statement-breakpoint
CREATE TABLE `external_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`source` text DEFAULT 'merch' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_email_unique` ON `newsletter_signups` (`email`);--> statement-breakpoint
CREATE TABLE `redirects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`target_url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redirects_name_unique` ON `redirects` (`name`);--> statement-breakpoint
CREATE TABLE `round_comedians` (
	`round_id` integer NOT NULL,
	`comedian_id` integer NOT NULL,
	PRIMARY KEY(`round_id`, `comedian_id`),
	FOREIGN KEY (`round_id`) REFERENCES `voting_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comedian_id`) REFERENCES `comedians`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_username_unique` ON `staff_users` (`username`);--> statement-breakpoint
CREATE TABLE `votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`round_id` integer NOT NULL,
	`comedian_id` integer NOT NULL,
	`email` text NOT NULL,
	`vote_token` text NOT NULL,
	`ip_address` text,
	`device_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `voting_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comedian_id`) REFERENCES `comedians`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_round_email_unique` ON `votes` (`round_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `votes_token_unique` ON `votes` (`vote_token`);--> statement-breakpoint
CREATE INDEX `votes_round_comedian_idx` ON `votes` (`round_id`,`comedian_id`);--> statement-breakpoint
CREATE TABLE `voting_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`event_id` integer,
	`opened_at` integer,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
