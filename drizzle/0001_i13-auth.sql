DROP INDEX `votes_round_email_unique`;--> statement-breakpoint
ALTER TABLE `votes` ADD `email_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `votes_round_email_key_unique` ON `votes` (`round_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `votes_round_device_idx` ON `votes` (`round_id`,`device_id`);--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `room_code_secret` text;--> statement-breakpoint
-- BEGIN hand-written data migration (i13-auth): votes cast before the canonical key existed
-- count under their stored e-mail (already trimmed and lower-cased, unique per round).
UPDATE `votes` SET `email_key` = `email` WHERE `email_key` IS NULL;
-- END hand-written data migration (i13-auth)
