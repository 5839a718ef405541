ALTER TABLE `venues` ADD `page_title` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `page_description` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `intro` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `card_text` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `sections` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `page_links` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `about_order` integer;