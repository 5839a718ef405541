ALTER TABLE `event_dates` ADD `seats_total` integer;--> statement-breakpoint
ALTER TABLE `event_dates` ADD `seats_sold` integer;--> statement-breakpoint
ALTER TABLE `event_dates` ADD `sales_status` text;--> statement-breakpoint
ALTER TABLE `event_dates` ADD `sales_start` text;--> statement-breakpoint
ALTER TABLE `event_dates` ADD `sales_end` text;--> statement-breakpoint
ALTER TABLE `events` ADD `seats_total` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `seats_sold` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `sales_status` text;--> statement-breakpoint
ALTER TABLE `events` ADD `sales_start` text;--> statement-breakpoint
ALTER TABLE `events` ADD `sales_end` text;