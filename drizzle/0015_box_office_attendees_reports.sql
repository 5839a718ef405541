CREATE TABLE `affiliate_sales` (
	`event_id` integer NOT NULL,
	`date` text NOT NULL,
	`affiliate` text NOT NULL,
	`tickets` integer NOT NULL,
	`checked_in` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `date`, `affiliate`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_sales_code_idx` ON `affiliate_sales` (`affiliate`);--> statement-breakpoint
CREATE TABLE `partner_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`venue_id` integer NOT NULL,
	`week` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_reports_venue_week_unique` ON `partner_reports` (`venue_id`,`week`);--> statement-breakpoint
CREATE TABLE `ticket_holders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`date` text NOT NULL,
	`attendee_id` text NOT NULL,
	`order_id` text NOT NULL,
	`email_hash` text NOT NULL,
	`checked_in` integer DEFAULT false NOT NULL,
	`affiliate` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_holders_attendee_id_unique` ON `ticket_holders` (`attendee_id`);--> statement-breakpoint
CREATE INDEX `ticket_holders_performance_idx` ON `ticket_holders` (`event_id`,`date`,`email_hash`);--> statement-breakpoint
CREATE INDEX `ticket_holders_date_idx` ON `ticket_holders` (`date`);--> statement-breakpoint
ALTER TABLE `venues` ADD `report_recipients` text;