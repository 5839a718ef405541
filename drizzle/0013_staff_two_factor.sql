CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_recovery_codes_user_idx` ON `staff_recovery_codes` (`staff_user_id`);--> statement-breakpoint
ALTER TABLE `staff_users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `totp_last_step` integer;