CREATE TABLE `images` (
	`hash` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`format` text NOT NULL,
	`bytes` integer NOT NULL,
	`placeholder` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `events` ADD `image_hash` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_source` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_focus` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_error` text;