ALTER TABLE `events` ADD `house_rules` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `house_rules` text;