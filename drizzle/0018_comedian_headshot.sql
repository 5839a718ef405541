ALTER TABLE `comedians` ADD `photo_hash` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `photo_focus` text;