ALTER TABLE `event_dates` ADD `sold_out_by` text;--> statement-breakpoint
ALTER TABLE `events` ADD `sold_out_by` text;--> statement-breakpoint
-- ==== Hand-written data migration (j18-waitlist): keep at the END when regenerating ====
-- Sold-out dates that came from the ticketing sync (they carry the platform occurrence's id)
-- were always replaced by the platform's state on each sync: they stay the platform's, so
-- the sync can reopen them. Sold-out shows stay unknown (null), which the sync treats as
-- staff's: it never reopened a show before, and still does not reopen these.
UPDATE `event_dates` SET `sold_out_by` = 'platform' WHERE `sold_out` = 1 AND `external_id` IS NOT NULL;
