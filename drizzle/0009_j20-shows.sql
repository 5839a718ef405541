DROP INDEX `events_active_date_idx`;--> statement-breakpoint
CREATE INDEX `events_active_date_idx` ON `events` (`archived_at`,`date`,`time`);