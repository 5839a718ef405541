CREATE TABLE `ticketing_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`api_path` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`received_at` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`event_external_id` text,
	`last_error` text,
	`done_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticketing_jobs_path_unique` ON `ticketing_jobs` (`api_path`);--> statement-breakpoint
CREATE INDEX `ticketing_jobs_due_idx` ON `ticketing_jobs` (`status`,`next_attempt_at`);