CREATE TABLE `job_locks` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `venues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`external_id` text,
	`address_1` text,
	`address_2` text,
	`city` text,
	`region` text,
	`postal_code` text,
	`country` text,
	`latitude` real,
	`longitude` real,
	`phone` text,
	`website` text,
	`accessibility_notes` text,
	`age_policy` text,
	`doors_notes` text,
	`parking_notes` text,
	`is_club` integer DEFAULT false NOT NULL,
	`is_winery` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venues_slug_unique` ON `venues` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `venues_external_id_unique` ON `venues` (`external_id`);--> statement-breakpoint
ALTER TABLE `event_dates` ADD `external_id` text;--> statement-breakpoint
ALTER TABLE `events` ADD `venue_id` integer REFERENCES venues(id);--> statement-breakpoint
ALTER TABLE `events` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `events` ADD `end_date` text;--> statement-breakpoint
ALTER TABLE `events` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `events` ADD `event_status` text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `is_online` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `hide_start_date` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `events_venue_idx` ON `events` (`venue_id`);--> statement-breakpoint
-- ==== HAND-WRITTEN DATA MIGRATION (issue 14): one venue record per venue name already used ====
-- Every distinct venue text of the existing shows (except "TBA"/"Online"/empty) becomes a
-- venue record without an address (nothing is guessed); the shows point at it. Names that
-- differ only in case share one record. The `venue` text column stays as it was.
INSERT OR IGNORE INTO `venues` (`name`, `slug`)
SELECT min(trim(`venue`)),
       trim(replace(replace(replace(replace(replace(replace(lower(trim(`venue`)), '&', 'and'), '''', ''), ',', ''), '.', ''), '/', '-'), ' ', '-'), '-')
FROM `events`
WHERE trim(`venue`) <> '' AND lower(trim(`venue`)) NOT IN ('tba', 'online')
GROUP BY lower(trim(`venue`));
--> statement-breakpoint
UPDATE `events` SET `venue_id` = (
  SELECT `v`.`id` FROM `venues` `v` WHERE lower(`v`.`name`) = lower(trim(`events`.`venue`))
) WHERE `venue_id` IS NULL;
-- ==== END HAND-WRITTEN DATA MIGRATION ====
