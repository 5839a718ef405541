ALTER TABLE `votes` ADD `ticket_verified` integer;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `ticket_check` text DEFAULT 'off' NOT NULL;